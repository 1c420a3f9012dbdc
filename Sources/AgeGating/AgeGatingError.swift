import AgeSignals

/// The one error of this module: bad input handed to the gate (a profile, a store).
public typealias AgeGatingError = ModuleError<AgeGatingErrorCode>

/// The stable codes of ``AgeGatingError``: a raw value never changes; compare errors by their code.
public enum AgeGatingErrorCode: String, Sendable, Hashable {
    /// An app profile that does not parse or does not hold together.
    case invalidProfile = "invalid_profile"
    /// A cadence rule that does not parse.
    case invalidCadence = "invalid_cadence"
    /// The key-value store could not read or write.
    case storageFailed = "storage_failed"
}
