import AgeSignals

/// The one error of this module: bad owner settings or a bad value handed to the launch
/// sequence. Events that arrive at the wrong moment are not errors: they are recorded as
/// ``LaunchSequence/IgnoredEvent`` values and change nothing.
public typealias PrivacyLaunchError = ModuleError<PrivacyLaunchErrorCode>

/// The stable codes of ``PrivacyLaunchError``: a raw value never changes; compare errors by their code.
public enum PrivacyLaunchErrorCode: String, Sendable, Hashable {
    /// The owner settings name a key AgeKit does not know (a typo must never become a default).
    case unknownSetting = "unknown_setting"
    /// A known owner setting has a value of the wrong type or out of range.
    case invalidSetting = "invalid_setting"
    /// The owner settings are not a JSON object.
    case malformedSettings = "malformed_settings"
}
