/// What the law requires for this person, as the system reports it (26.4+). Mirrors
/// `AgeRangeService.RegulatoryFeature`; unknown cases keep their raw value.
public enum RegulatoryFeature: Hashable, Sendable {
    case declaredAgeRangeRequired
    case significantAppChangeRequiresAdultNotification
    case significantAppChangeRequiresParentalConsent
    case unknown(String)

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
