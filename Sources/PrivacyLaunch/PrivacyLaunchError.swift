import AgeSignals

/// The one error of this module: bad owner settings or a bad value handed to the launch
/// sequence. Events that arrive at the wrong moment are not errors: they are recorded as
/// ``LaunchSequence/IgnoredEvent`` values and change nothing.
public struct PrivacyLaunchError: CodedError {
    /// What went wrong, stable across releases; compare errors by it.
    public enum Code: String, Sendable, Hashable {
        /// The owner settings name a key AgeKit does not know (a typo must never become a default).
        case unknownSetting = "unknown_setting"
        /// A known owner setting has a value of the wrong type or out of range.
        case invalidSetting = "invalid_setting"
        /// The owner settings are not a JSON object.
        case malformedSettings = "malformed_settings"
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
