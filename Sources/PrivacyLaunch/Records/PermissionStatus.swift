/// A system permission as the launch sequence sees it (notifications, location).
public enum PermissionStatus: String, Hashable, Sendable, Codable, CaseIterable {
    /// Not asked yet.
    case notDetermined
    /// Refused: the prompt is not shown again.
    case denied
    /// Allowed.
    case granted
}
