/// The errors the age range service throws. Mirrors `AgeRangeService.Error`; a case added
/// later arrives as ``unknown(_:)``.
public enum AgeRangeServiceError: Error, Hashable, Sendable {
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
    case unknown(String)

    public static let knownCases: [AgeRangeServiceError] = [
        .notAvailable, .invalidRequest, .declinedOnboarding, .invalidAccount, .network,
    ]

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
