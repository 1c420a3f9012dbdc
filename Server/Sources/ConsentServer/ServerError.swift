import AppStoreSignedData

/// The server's one error: why it cannot be configured, bind, start or serve, with a stable
/// code. Compare by code; the message is for people and names the offending value.
package struct ServerError: CodedServerError {
    /// Its stable codes: the extension of `ServerErrorCode` below.
    package typealias Code = ServerErrorCode<ServerError>

    package let code: Code
    package let message: String

    package init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    /// A configuration mistake, naming the field.
    package static func configuration(_ field: String, _ reason: String) -> ServerError {
        ServerError(.invalidConfiguration, "\(field): \(reason)")
    }

    /// The listener cannot be bound at `place`, for `reason`.
    static func bindFailed(_ place: String, _ reason: String) -> ServerError {
        ServerError(.bindFailed, "cannot listen on \(place): \(reason)")
    }
}

extension ServerErrorCode where Domain == ServerError {
    /// A field of the configuration is missing or out of range.
    package static var invalidConfiguration: Self { Self(rawValue: "invalid_configuration") }
    /// Something serve needs before it listens (store, lock, token, listener) failed.
    package static var startupFailed: Self { Self(rawValue: "startup_failed") }
    /// The listen host is not an IP address literal (no name resolution).
    package static var invalidAddress: Self { Self(rawValue: "invalid_address") }
    /// The address is in use, not on this machine, or not ours to bind.
    package static var bindFailed: Self { Self(rawValue: "bind_failed") }
    /// libmicrohttpd was built without TLS.
    package static var tlsUnavailable: Self { Self(rawValue: "tls_unavailable") }
    /// The TLS certificate or key is not usable PEM, or was refused.
    package static var tlsInvalid: Self { Self(rawValue: "tls_invalid") }
    /// The TLS certificate or key file cannot be read.
    package static var tlsFileUnreadable: Self { Self(rawValue: "tls_file_unreadable") }
    /// The HTTP daemon did not start for another reason.
    package static var startFailed: Self { Self(rawValue: "start_failed") }
    /// An HTTP server starts at most once.
    package static var alreadyStarted: Self { Self(rawValue: "already_started") }

    /// A console's export of revoked approvals that cannot be read (headers, rows, dates,
    /// size): refused whole, nothing imported.
    package static var invalidImport: Self { Self(rawValue: "invalid_import") }

    /// A link of a store install with a field out of its rules (400).
    package static var invalidLink: Self { Self(rawValue: "invalid_link") }

    // Refusals of a request, answered with their code.

    /// A path that is not plain segments (400).
    package static var invalidPath: Self { Self(rawValue: "invalid_path") }
    /// A notification body that is not `{"signedPayload": "<JWS>"}` (400).
    package static var malformedBody: Self { Self(rawValue: "malformed_body") }
    /// A notification body with a key other than `signedPayload` (400).
    package static var unexpectedField: Self { Self(rawValue: "unexpected_field") }
    /// A notification body with `signedPayload` twice (400).
    package static var duplicateField: Self { Self(rawValue: "duplicate_field") }
    /// A trusted proxy's request without `X-Forwarded-For` (403).
    package static var forwardedForMissing: Self { Self(rawValue: "forwarded_for_missing") }
    /// An `X-Forwarded-For` entry that is not an IP address (403).
    package static var forwardedForInvalid: Self { Self(rawValue: "forwarded_for_invalid") }
    /// A client outside `allowedSources` (403, or closed at accept).
    package static var sourceNotAllowed: Self { Self(rawValue: "source_not_allowed") }

    // Outbound calls.

    /// A request to another server got no whole HTTP answer: the name did not resolve, the
    /// connection or the TLS handshake failed, the deadline passed, or the answer was cut.
    package static var noAnswer: Self { Self(rawValue: "no_answer") }
}
