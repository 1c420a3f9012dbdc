import AgeSignals

/// The simulator's one error: bad names or data handed to it.
public struct SimulatorError: CodedError {
    /// The kinds of bad input; the raw value is the stable code printed in JSON.
    public enum Code: String, Sendable, Hashable {
        /// No sandbox persona has the name.
        case unknownPersona = "unknown_persona"
        /// No region (of the catalog, or of consent) has that name.
        case unknownRegion = "unknown_region"
        /// The region catalog does not parse or has a version other than 1.
        case invalidCatalog = "invalid_catalog"
    }

    /// Which kind of bad input: match on this, not on ``reason``.
    public let code: Code
    /// What went wrong in words, naming the bad input.
    public let reason: String

    /// An error with its code and reason.
    public init(_ code: Code, _ reason: String) {
        self.code = code
        self.reason = reason
    }
}
