import AgeSignals

/// The simulator's one error: bad names or data handed to it.
public struct SimulatorError: CodedError {
    public enum Code: String, Sendable, Hashable {
        case unknownPersona = "unknown_persona"
        case unknownRegion = "unknown_region"
        case invalidCatalog = "invalid_catalog"
    }

    public let code: Code
    public let reason: String

    public init(_ code: Code, _ reason: String) {
        self.code = code
        self.reason = reason
    }
}
