/// The steps of the launch, in order.
public enum LaunchStep: String, Hashable, Sendable, Codable, CaseIterable {
    /// The launch's steps: content, age, consent, tracking, ads, notifications and location.
    case content, age, consent, tracking, ads, notifications, location
}
