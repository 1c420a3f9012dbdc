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
