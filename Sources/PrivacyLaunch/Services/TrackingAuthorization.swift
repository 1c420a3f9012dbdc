/// The system tracking prompt (App Tracking Transparency).
public protocol TrackingAuthorization: Sendable {
    /// The status as it stands, without a prompt.
    func status() async -> TrackingStatus
    /// Shows the prompt when the status is not determined; otherwise returns the status.
    func requestAuthorization() async -> TrackingStatus
}
