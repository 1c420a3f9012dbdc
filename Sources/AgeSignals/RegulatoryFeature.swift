/// What the law requires for this person, as the system reports it (26.4+). Mirrors
/// `AgeRangeService.RegulatoryFeature`; unknown cases keep their raw value.
public enum RegulatoryFeature: Hashable, Sendable {
    /// The law requires the app to ask for the person's age range.
    case declaredAgeRangeRequired
    /// The law requires the app to notify an adult of a significant change.
    case significantAppChangeRequiresAdultNotification
    /// The law requires a parent's consent to a significant change.
    case significantAppChangeRequiresParentalConsent
    /// A case this version of AgeKit does not know, with the system's raw value.
    case unknown(String)

    /// Every case the system defines today, in the order the system added them.
    public static let knownCases: [RegulatoryFeature] = [
        .declaredAgeRangeRequired, .significantAppChangeRequiresAdultNotification,
        .significantAppChangeRequiresParentalConsent,
    ]
}

extension RegulatoryFeature: RawRepresentable, Codable {
    public init(rawValue: String) {
        self = Self.knownCases.first { $0.rawValue == rawValue } ?? .unknown(rawValue)
    }

    public var rawValue: String {
        switch self {
        case .declaredAgeRangeRequired: "declaredAgeRangeRequired"
        case .significantAppChangeRequiresAdultNotification: "significantAppChangeRequiresAdultNotification"
        case .significantAppChangeRequiresParentalConsent: "significantAppChangeRequiresParentalConsent"
        case .unknown(let raw): raw
        }
    }

    public init(from decoder: any Decoder) throws {
        self.init(rawValue: try decoder.singleValueContainer().decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
