import CodedErrors

/// The server's one error: why it cannot be configured, bind, start or serve, with a stable
/// code. Compare by code; the message is for people and names the offending value.
package typealias ServerError = ModuleError<ServerErrorCode>

extension ServerError {
    /// A configuration mistake, naming the field.
    package static func configuration(_ field: String, _ reason: String) -> ServerError {
        ServerError(.invalidConfiguration, "\(field): \(reason)")
    }

    /// The listener cannot be bound at `place`, for `reason`.
    static func bindFailed(_ place: String, _ reason: String) -> ServerError {
        ServerError(.bindFailed, "cannot listen on \(place): \(reason)")
    }
}

/// The stable codes of ``ServerError``: a raw value never changes.
package enum ServerErrorCode: String, Sendable, Hashable, CaseIterable {
    /// A field of the configuration is missing or out of range.
    case invalidConfiguration = "invalid_configuration"
    /// Something serve needs before it listens (store, lock, token, listener) failed.
    case startupFailed = "startup_failed"
    /// The listen host is not an IP address literal (no name resolution).
    case invalidAddress = "invalid_address"
    /// The address is in use, not on this machine, or not ours to bind.
    case bindFailed = "bind_failed"
    /// libmicrohttpd was built without TLS.
    case tlsUnavailable = "tls_unavailable"
    /// The TLS certificate or key is not usable PEM, or was refused.
    case tlsInvalid = "tls_invalid"
    /// The TLS certificate or key file cannot be read.
    case tlsFileUnreadable = "tls_file_unreadable"
    /// The HTTP daemon did not start for another reason.
    case startFailed = "start_failed"
    /// An HTTP server starts at most once.
    case alreadyStarted = "already_started"

    /// A console's export of revoked approvals that cannot be read (headers, rows, dates,
    /// size): refused whole, nothing imported.
    case invalidImport = "invalid_import"

    /// A link of a store install with a field out of its rules (400).
    case invalidLink = "invalid_link"

    // Refusals of a request, answered with their code and the status `Refusal` gives it.

    /// A route or listener that does not exist (404).
    case notFound = "not_found"
    /// A method the route does not take (405, with `Allow`).
    case methodNotAllowed = "method_not_allowed"
    /// No admin token, or a wrong one (401, with `WWW-Authenticate`).
    case unauthorized = "unauthorized"
    /// An address past its failed authentications (429, with `Retry-After`).
    case tooManyAuthenticationFailures = "too_many_authentication_failures"
    /// A query parameter that is unknown or out of range (400).
    case invalidQuery = "invalid_query"
    /// An admin body without a required field (400).
    case missingField = "missing_field"
    /// An admin body field that is not a string (400).
    case wrongFieldType = "wrong_field_type"
    /// An admin body field past its length (400).
    case fieldTooLong = "field_too_long"
    /// An account id out of its rules (400).
    case invalidAccountId = "invalid_account_id"
    /// An `appAccountToken` that is not a UUID (400).
    case invalidAppAccountToken = "invalid_app_account_token"
    /// A notification UUID that is not a UUID, in a path or a payload (400).
    case invalidNotificationUUID = "invalid_notification_uuid"
    /// A bundle id no app of this server has (404 on the admin API, 403 for a notification).
    case unknownApp = "unknown_app"
    /// No stored notification with that UUID (404).
    case notificationNotFound = "notification_not_found"
    /// An app transaction without `appTransactionId` (422).
    case missingAppTransactionId = "missing_app_transaction_id"
    /// An app transaction of another environment than the one asked (attribution: left).
    case environmentMismatch = "environment_mismatch"
    /// A live notification signed longer ago than `freshness` allows: a replay (403).
    case signedDateTooOld = "signed_date_too_old"
    /// A live notification signed after its receipt, beyond the skew allowed (403).
    case signedDateInFuture = "signed_date_in_future"
    /// A request head that breaks HTTP/1.1's grammar (400, connection closed).
    case malformedHead = "malformed_head"
    /// A `Transfer-Encoding` other than `chunked` (400, connection closed).
    case unsupportedTransferEncoding = "unsupported_transfer_encoding"
    /// Two ways or two values of a body's length (400, connection closed).
    case ambiguousLength = "ambiguous_length"
    /// A body past `http.maxBodyBytes` (413).
    case bodyTooLarge = "body_too_large"
    /// A forwarded client with all its connection slots taken (429, connection closed).
    case tooManyConnections = "too_many_connections"
    /// A request that came while the server stops (503).
    case shuttingDown = "shutting_down"

    /// A path that is not plain segments (400).
    case invalidPath = "invalid_path"
    /// A notification body that is not `{"signedPayload": "<JWS>"}` (400).
    case malformedBody = "malformed_body"
    /// A notification body with a key other than `signedPayload` (400).
    case unexpectedField = "unexpected_field"
    /// A notification body with `signedPayload` twice (400).
    case duplicateField = "duplicate_field"
    /// A trusted proxy's request without `X-Forwarded-For` (403).
    case forwardedForMissing = "forwarded_for_missing"
    /// An `X-Forwarded-For` entry that is not an IP address (403).
    case forwardedForInvalid = "forwarded_for_invalid"
    /// A client outside `allowedSources` (403, or closed at accept).
    case sourceNotAllowed = "source_not_allowed"

    // Outbound calls.

    /// A request to another server got no whole HTTP answer: the name did not resolve, the
    /// connection or the TLS handshake failed, the deadline passed, or the answer was cut.
    case noAnswer = "no_answer"
}
