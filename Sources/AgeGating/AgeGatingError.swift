import AgeSignals

/// The one error of this module: bad input handed to the gate (a profile, a store).
public struct AgeGatingError: CodedError {
    /// What went wrong, stable across releases; compare errors by it.
    public enum Code: String, Sendable, Hashable {
        /// An app profile that does not parse or does not hold together.
        case invalidProfile = "invalid_profile"
        /// A cadence rule that does not parse.
        case invalidCadence = "invalid_cadence"
        /// The key-value store could not read or write.
        case storageFailed = "storage_failed"
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
