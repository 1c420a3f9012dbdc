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

        // Refusals of a request, answered with their code.

        /// A path that is not plain segments (400).
        public static let invalidPath = Code(rawValue: "invalid_path")
        /// A notification body that is not `{"signedPayload": "<JWS>"}` (400).
        public static let malformedBody = Code(rawValue: "malformed_body")
        /// A notification body with a key other than `signedPayload` (400).
        public static let unexpectedField = Code(rawValue: "unexpected_field")
        /// A notification body with `signedPayload` twice (400).
        public static let duplicateField = Code(rawValue: "duplicate_field")
        /// A trusted proxy's request without `X-Forwarded-For` (403).
        public static let forwardedForMissing = Code(rawValue: "forwarded_for_missing")
        /// An `X-Forwarded-For` entry that is not an IP address (403).
        public static let forwardedForInvalid = Code(rawValue: "forwarded_for_invalid")
        /// A client outside `allowedSources` (403, or closed at accept).
        public static let sourceNotAllowed = Code(rawValue: "source_not_allowed")

        // Outbound calls.

        /// A forwarded event got no HTTP answer.
        public static let forwardingFailed = Code(rawValue: "forwarding_failed")
        /// The HTTPS POST of `simulate --cacert` failed.
        public static let postFailed = Code(rawValue: "post_failed")
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
