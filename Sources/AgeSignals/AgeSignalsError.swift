/// The one error of this module: bad values handed to AgeKit (not the system's errors,
/// which are ``AgeRangeProviderError`` values).
public struct AgeSignalsError: CodedError {
    /// What went wrong, stable across releases; compare errors by it.
    public enum Code: String, Sendable, Hashable {
        /// Gates that are not 1 to 3 ascending, non-negative ages, or too close together.
        case invalidGates = "invalid_gates"
        /// An OS version that does not parse.
        case invalidVersion = "invalid_version"
        /// A platform name AgeKit does not know.
        case unknownPlatform = "unknown_platform"
    }

    /// What went wrong, as a stable code.
    public let code: Code
    /// What went wrong, for people; never compared.
    public let reason: String

    /// An error with its code and the reason shown to people.
    public init(_ code: Code, _ reason: String) {
        self.code = code
        self.reason = reason
    }
}
