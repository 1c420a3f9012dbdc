/// Which side of the owner's threshold a person is on. The launch sequence never holds an
/// age or a range: only this answer, and only this answer is saved between launches.
public enum AgeAnswer: String, Hashable, Sendable, Codable, CaseIterable {
    /// At or above the threshold (or age protection does not apply).
    case over
    /// Below the threshold, or unknown with nothing saved (the careful side).
    case under
}

/// Where the answer the guards use right now comes from.
public enum AgeAnswerSource: String, Hashable, Sendable, Codable {
    /// This launch's age step has answered.
    case thisLaunch
    /// The age step has not answered yet: the answer saved at an earlier launch.
    case saved
    /// Neither exists yet: the guards take the careful side (under).
    case none
}

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
