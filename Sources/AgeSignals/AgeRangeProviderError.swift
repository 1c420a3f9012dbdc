/// The errors the age range service throws. Mirrors `AgeRangeService.Error`; a case added
/// later arrives as ``unknown(_:)``.
public enum AgeRangeProviderError: Error, Hashable, Sendable {
    /// 26.0: the service cannot answer here (macOS without an account, no network, ...).
    case notAvailable
    /// 26.0: the app's request was wrong (bad gates): a programmer error.
    case invalidRequest
    /// 27.0: the person declined onboarding; counts as a decline.
    case declinedOnboarding
    /// 27.0
    case invalidAccount
    /// 27.0
    case network
    /// A case this version of AgeKit does not know, with the system's raw value.
    case unknown(String)

    /// Every case the system defines today, in the order the system added them.
    public static let knownCases: [AgeRangeProviderError] = [
        .notAvailable, .invalidRequest, .declinedOnboarding, .invalidAccount, .network,
    ]

    /// The system's name for the case (the raw value for ``unknown(_:)``).
    public var rawValue: String {
        switch self {
        case .notAvailable: "notAvailable"
        case .invalidRequest: "invalidRequest"
        case .declinedOnboarding: "declinedOnboarding"
        case .invalidAccount: "invalidAccount"
        case .network: "network"
        case .unknown(let raw): raw
        }
    }

    /// The case with this name, or ``unknown(_:)`` keeping it.
    public init(rawValue: String) {
        self = Self.knownCases.first { $0.rawValue == rawValue } ?? .unknown(rawValue)
    }

    /// The OS version that introduced the case (nil for unknown cases).
    public var introducedIn: OSVersion? {
        switch self {
        case .notAvailable, .invalidRequest: OSVersion(26, 0)
        case .declinedOnboarding, .invalidAccount, .network: OSVersion(27, 0)
        case .unknown: nil
        }
    }
}
