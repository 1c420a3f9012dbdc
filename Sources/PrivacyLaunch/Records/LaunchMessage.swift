/// The message shown when the age step cannot learn the age and has nothing saved.
public struct LaunchMessage: Hashable, Sendable, Codable {
    /// The message's title.
    public let title: String
    /// What the person can do about it.
    public let detail: String

    /// A message of the app's own wording.
    public init(title: String, detail: String) {
        self.title = title
        self.detail = detail
    }

    /// Shown when the age could not be learned and nothing was saved: some features stay off.
    public static let ageVerificationNotPossible = LaunchMessage(
        title: "Age verification not possible",
        detail:
            "Some features are unavailable. To use them, enter your age in your App Store account, then open the app again."
    )
}
