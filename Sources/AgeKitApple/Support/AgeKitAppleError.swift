import AgeSignals

/// The one error of this module: a system call the bridges could not complete, for callers
/// outside the service protocols (the app transaction, the registration request).
public typealias AgeKitAppleError = ModuleError<AgeKitAppleErrorCode>

/// The stable codes of ``AgeKitAppleError``: a raw value never changes; compare errors by their code.
public enum AgeKitAppleErrorCode: String, Sendable, Hashable {
    /// The framework or the symbol does not exist on this platform or OS version.
    case notAvailable = "not_available"
    /// The call did not return before its deadline.
    case timedOut = "timed_out"
    /// The system signed data that StoreKit could not verify.
    case unverified = "unverified"
    /// The system threw.
    case systemError = "system_error"
    /// A value handed to the bridge was unusable (an account id, a server address).
    case invalidInput = "invalid_input"
}
