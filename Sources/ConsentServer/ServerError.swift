import AppStoreSignedData

/// The server's one error: why it cannot be configured, bind, start or serve, with a stable
/// code. Compare by code; the message is for people and names the offending value.
public struct ServerError: CodedServerError {
    /// A stable, opaque code: new ones may be added without breaking a caller's `switch`.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// A field of the configuration is missing or out of range.
        public static let invalidConfiguration = Code(rawValue: "invalid_configuration")
        /// Something serve needs before it listens (store, lock, token, listener) failed.
        public static let startupFailed = Code(rawValue: "startup_failed")
        /// The listen host is not an IP address literal (no name resolution).
        public static let invalidAddress = Code(rawValue: "invalid_address")
        /// The address is in use, not on this machine, or not ours to bind.
        public static let bindFailed = Code(rawValue: "bind_failed")
        /// libmicrohttpd was built without TLS.
        public static let tlsUnavailable = Code(rawValue: "tls_unavailable")
        /// The TLS certificate or key is not usable PEM, or was refused.
        public static let tlsInvalid = Code(rawValue: "tls_invalid")
        /// The TLS certificate or key file cannot be read.
        public static let tlsFileUnreadable = Code(rawValue: "tls_file_unreadable")
        /// The HTTP daemon did not start for another reason.
        public static let startFailed = Code(rawValue: "start_failed")
        /// An HTTP server starts at most once.
        public static let alreadyStarted = Code(rawValue: "already_started")
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

    /// The listener cannot be bound at `place`, for `reason`.
    static func bindFailed(_ place: String, _ reason: String) -> ServerError {
        ServerError(.bindFailed, "cannot listen on \(place): \(reason)")
    }
}
