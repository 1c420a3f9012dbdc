import AgeSignals

/// The one error of this module: bad input handed to the gate (a profile, a store).
public struct AgeGatingError: CodedError {
    public enum Code: String, Sendable, Hashable {
        case invalidProfile = "invalid_profile"
        case invalidCadence = "invalid_cadence"
        case storageFailed = "storage_failed"
    }

    public let code: Code
    public let reason: String

    public init(_ code: Code, _ reason: String) {
        self.code = code
        self.reason = reason
    }
}
