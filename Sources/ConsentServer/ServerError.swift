/// The server's one error: why it cannot start or serve, with a stable code.
public struct ServerError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Code: String, Sendable {
        case invalidConfiguration = "invalid_configuration"
        case startupFailed = "startup_failed"
    }

    public let code: Code
    public let message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    /// A configuration mistake, naming the field.
    public static func configuration(_ field: String, _ reason: String) -> ServerError {
        ServerError(.invalidConfiguration, "\(field): \(reason)")
    }

    public var description: String { "\(code.rawValue): \(message)" }

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.code == rhs.code }
}
