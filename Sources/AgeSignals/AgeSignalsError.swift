/// The one error of this module: bad values handed to AgeKit (not the system's errors,
/// which are ``AgeRangeServiceError`` values).
public struct AgeSignalsError: CodedError {
    public enum Code: String, Sendable, Hashable {
        case invalidGates = "invalid_gates"
        case invalidVersion = "invalid_version"
        case unknownPlatform = "unknown_platform"
    }

    public let code: Code
    public let reason: String

    public init(_ code: Code, _ reason: String) {
        self.code = code
        self.reason = reason
    }
}
