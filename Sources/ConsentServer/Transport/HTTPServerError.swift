/// Why the HTTP server could not be configured or started. Compare by `code`; `message` is
/// for people and names the offending value.
public struct HTTPServerError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A stable code: `invalid_address`, `invalid_configuration`, `bind_failed`,
    /// `tls_unavailable`, `tls_invalid`, `tls_file_unreadable`, `start_failed`, `already_started`.
    public var code: String
    public var message: String

    public init(code: String, message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { "\(code): \(message)" }
}
