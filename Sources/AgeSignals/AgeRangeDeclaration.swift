/// How an age was declared. Mirrors `AgeRangeDeclaration`; a case added by a later system
/// arrives as ``unknown(_:)`` with its raw value and never crashes.
public enum AgeRangeDeclaration: Hashable, Sendable {
    /// The person declared their own age.
    case selfDeclared
    /// A guardian declared the age.
    case guardianDeclared
    // 26.2 to 26.4; folded into `confirmed` from 26.5.
    /// The person's age was checked by a method the system does not name.
    case checkedByOtherMethod
    /// A guardian's age was checked by a method the system does not name.
    case guardianCheckedByOtherMethod
    /// The person's age was checked against a government ID.
    case governmentIDChecked
    /// A guardian's age was checked against a government ID.
    case guardianGovernmentIDChecked
    /// The person's age was checked by a payment method.
    case paymentChecked
    /// A guardian's age was checked by a payment method.
    case guardianPaymentChecked
    // 26.5
    /// The age was checked (26.5+), whatever the method.
    case confirmed
    /// A case this version of AgeKit does not know, with the system's raw value.
    case unknown(String)

    /// Every case the system defines today, in the order the system added them.
    public static let knownCases: [AgeRangeDeclaration] = [
        .selfDeclared, .guardianDeclared, .checkedByOtherMethod, .guardianCheckedByOtherMethod,
        .governmentIDChecked, .guardianGovernmentIDChecked, .paymentChecked, .guardianPaymentChecked,
        .confirmed,
    ]

    /// The six 26.2 cases that say how the age was checked.
    public var isCheckMethod: Bool {
        switch self {
        case .checkedByOtherMethod, .guardianCheckedByOtherMethod, .governmentIDChecked,
            .guardianGovernmentIDChecked, .paymentChecked, .guardianPaymentChecked:
            true
        default: false
        }
    }

    /// The OS version that introduced the case (nil for unknown cases).
    public var introducedIn: OSVersion? {
        switch self {
        case .selfDeclared, .guardianDeclared: OSVersion(26, 0)
        case .confirmed: OSVersion(26, 5)
        case .unknown: nil
        default: OSVersion(26, 2)
        }
    }
}

extension AgeRangeDeclaration: RawRepresentable, Codable {
    public init(rawValue: String) {
        self = Self.knownCases.first { $0.rawValue == rawValue } ?? .unknown(rawValue)
    }

    public var rawValue: String {
        switch self {
        case .selfDeclared: "selfDeclared"
        case .guardianDeclared: "guardianDeclared"
        case .checkedByOtherMethod: "checkedByOtherMethod"
        case .guardianCheckedByOtherMethod: "guardianCheckedByOtherMethod"
        case .governmentIDChecked: "governmentIDChecked"
        case .guardianGovernmentIDChecked: "guardianGovernmentIDChecked"
        case .paymentChecked: "paymentChecked"
        case .guardianPaymentChecked: "guardianPaymentChecked"
        case .confirmed: "confirmed"
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
