/// A permission the app never asks for (notifications, location): reads as denied, so the
/// sequence never shows its prompt.
public struct NotRequested: NotificationAuthorization, LocationAuthorization {
    /// The stand-in permission.
    public init() {}
    public func status() async -> PermissionStatus { .denied }
    public func requestAuthorization() async -> PermissionStatus { .denied }
}
