/// The one error of this module: bad values handed to AgeKit (not the system's errors,
/// which are ``AgeRangeProviderError`` values).
public typealias AgeSignalsError = ModuleError<AgeSignalsErrorCode>

/// The stable codes of ``AgeSignalsError``: a raw value never changes; compare errors by their code.
public enum AgeSignalsErrorCode: String, Sendable, Hashable {
    /// Gates that are not 1 to 3 ascending, non-negative ages, or too close together.
    case invalidGates = "invalid_gates"
    /// An OS version that does not parse.
    case invalidVersion = "invalid_version"
    /// A platform name AgeKit does not know.
    case unknownPlatform = "unknown_platform"
}
