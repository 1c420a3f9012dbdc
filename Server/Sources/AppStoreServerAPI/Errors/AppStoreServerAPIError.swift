import CodedErrors

/// The module's one error: a stable code callers and scripts compare, a human reason, and
/// what the App Store said (HTTP status, Apple's numeric `errorCode`, `Retry-After`).
package struct AppStoreServerAPIError: CodedError {
    package var code: AppStoreServerAPIErrorCode
    package var reason: String
    /// The HTTP status, when an answer came.
    package var httpStatus: Int?
    /// Apple's numeric `errorCode` from the JSON body, when present.
    package var appleErrorCode: Int64?
    /// Seconds to wait before the next call (rate limiting).
    package var retryAfter: Double?

    package init(
        _ code: AppStoreServerAPIErrorCode, _ reason: String, httpStatus: Int? = nil, appleErrorCode: Int64? = nil,
        retryAfter: Double? = nil
    ) {
        self.code = code
        self.reason = reason
        self.httpStatus = httpStatus
        self.appleErrorCode = appleErrorCode
        self.retryAfter = retryAfter
    }

    /// Worth trying the same call again later.
    package var isRetryable: Bool { [.serverError, .network, .rateLimited].contains(code) }

    /// The App Store's final word that a transaction id leads to no app transaction: asking
    /// again would get the same answer.
    package var isFinalMiss: Bool {
        [.invalidTransactionId, .transactionIdNotFound, .appTransactionDoesNotExist].contains(code)
    }
}

/// The stable codes of ``AppStoreServerAPIError``: a raw value never changes.
package enum AppStoreServerAPIErrorCode: String, Sendable, Hashable {
    /// 429: too many requests; ``AppStoreServerAPIError/retryAfter`` says how long to wait.
    case rateLimited = "rate_limited"
    /// Apple 4000017: the token is too old; start over with a new request (same body).
    case paginationTokenExpired = "pagination_token_expired"
    /// Apple 4000014.
    case invalidPaginationToken = "invalid_pagination_token"
    /// Apple 4000012, or refused locally: history reaches back 180 days (30 in sandbox).
    case startDateTooFarInPast = "start_date_too_far_in_past"
    /// Apple 4000013, or refused locally: the end must come after the start.
    case startDateAfterEndDate = "start_date_after_end_date"
    /// 401: the JWT was refused (key id, issuer id, bundle id, key or clock).
    case unauthorized = "unauthorized"
    /// 404: no such test notification, app or notification URL.
    case notFound = "not_found"
    /// Apple 4000006: not a transaction id Apple could ever know.
    case invalidTransactionId = "invalid_transaction_id"
    /// Apple 4040010: no transaction with this id (in this environment).
    case transactionIdNotFound = "transaction_id_not_found"
    /// Apple 4040019: the customer of this transaction has no app transaction.
    case appTransactionDoesNotExist = "app_transaction_does_not_exist"
    /// Any other 4xx: Apple's errorCode and message are in the reason.
    case badRequest = "bad_request"
    /// 5xx: retried with backoff before it is reported.
    case serverError = "server_error"
    /// A success status whose body is not what the endpoint documents.
    case malformedResponse = "malformed_response"
    /// No HTTP answer at all: DNS, connection, TLS or timeout.
    case network = "network"
    /// The private key file is missing, unreadable or not an EC P-256 key.
    case invalidKey = "invalid_key"
    /// A local mistake in the arguments, caught before calling (e.g. an empty key id).
    case invalidArgument = "invalid_argument"
}
