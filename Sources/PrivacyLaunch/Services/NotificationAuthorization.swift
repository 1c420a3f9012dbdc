/// Notification authorization.
public protocol NotificationAuthorization: Sendable {
    /// The status as it stands, without a prompt.
    func status() async -> PermissionStatus
    /// Shows the prompt when the status is not determined; otherwise returns the status.
    func requestAuthorization() async -> PermissionStatus
}
