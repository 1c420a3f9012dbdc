/// What a person shared: bounds relative to the app's gates, how the age was declared, and
/// the parental controls in force. Mirrors `DeclaredAgeRange.AgeRange`.
public struct AgeRange: Hashable, Sendable, Codable {
    /// Nil means below the lowest gate.
    public var lowerBound: Int?
    /// Nil means at or above the highest gate.
    public var upperBound: Int?
    public var declaration: AgeRangeDeclaration?
    public var parentalControls: ParentalControls

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
    case sharing(AgeRange)
    case declinedSharing
}

/// Active parental controls. Mirrors `AgeRangeService.ParentalControls`.
public struct ParentalControls: OptionSet, Hashable, Sendable, Codable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let communicationLimits = ParentalControls(rawValue: 1 << 0)
    /// Deprecated by the system in 26.4: AgeKit never reads it to make a decision.
    public static let significantAppChangeApprovalRequired = ParentalControls(rawValue: 1 << 1)
}
