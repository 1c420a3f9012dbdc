/// What a person shared: bounds relative to the app's gates, how the age was declared, and
/// the parental controls in force. Mirrors `DeclaredAgeRange.AgeRange`.
public struct AgeRange: Hashable, Sendable, Codable {
    /// Nil means below the lowest gate.
    public var lowerBound: Int?
    /// Nil means at or above the highest gate.
    public var upperBound: Int?
    /// How the age was declared; nil when the system did not say.
    public var declaration: AgeRangeDeclaration?
    /// The parental controls in force for this person.
    public var parentalControls: ParentalControls

    /// A range as the system returns it; the simulator and tests build their own.
    public init(
        lowerBound: Int?, upperBound: Int?, declaration: AgeRangeDeclaration? = nil,
        parentalControls: ParentalControls = []
    ) {
        self.lowerBound = lowerBound
        self.upperBound = upperBound
        self.declaration = declaration
        self.parentalControls = parentalControls
    }
}

/// The answer to an age range request. Mirrors `AgeRangeService.Response`.
public enum AgeRangeResponse: Hashable, Sendable {
    /// The person shared a range.
    case sharing(AgeRange)
    /// The person declined to share: asked again only when they tap "share age range".
    case declinedSharing
}

/// Active parental controls. Mirrors `AgeRangeService.ParentalControls`.
public struct ParentalControls: OptionSet, Hashable, Sendable, Codable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// A guardian limits whom the person may communicate with.
    public static let communicationLimits = ParentalControls(rawValue: 1 << 0)
    /// Deprecated by the system in 26.4: AgeKit never reads it to make a decision.
    public static let significantAppChangeApprovalRequired = ParentalControls(rawValue: 1 << 1)
}
