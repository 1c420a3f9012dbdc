import AppStoreSignedData

/// The module's one error: a stable code callers and scripts compare, a human reason, and
/// what the App Store said (HTTP status, Apple's numeric `errorCode`, `Retry-After`).
package struct AppStoreServerAPIError: CodedServerError {
    /// Its stable codes: the extension of `ServerErrorCode` below.
    package typealias Code = ServerErrorCode<AppStoreServerAPIError>

    package var code: Code
    package var message: String
    /// The HTTP status, when an answer came.
    package var httpStatus: Int?
    /// Apple's numeric `errorCode` from the JSON body, when present.
    package var appleErrorCode: Int64?
    /// Seconds to wait before the next call (rate limiting).
    package var retryAfter: Double?

    package init(
        _ code: Code, _ message: String, httpStatus: Int? = nil, appleErrorCode: Int64? = nil,
        retryAfter: Double? = nil
    ) {
        self.code = code
        self.message = message
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

extension ServerErrorCode where Domain == AppStoreServerAPIError {
    /// 429: too many requests; ``AppStoreServerAPIError/retryAfter`` says how long to wait.
    package static var rateLimited: Self { Self(rawValue: "rate_limited") }
    /// Apple 4000017: the token is too old; start over with a new request (same body).
    package static var paginationTokenExpired: Self { Self(rawValue: "pagination_token_expired") }
    /// Apple 4000014.
    package static var invalidPaginationToken: Self { Self(rawValue: "invalid_pagination_token") }
    /// Apple 4000012, or refused locally: history reaches back 180 days (30 in sandbox).
    package static var startDateTooFarInPast: Self { Self(rawValue: "start_date_too_far_in_past") }
    /// Apple 4000013, or refused locally: the end must come after the start.
    package static var startDateAfterEndDate: Self { Self(rawValue: "start_date_after_end_date") }
    /// 401: the JWT was refused (key id, issuer id, bundle id, key or clock).
    package static var unauthorized: Self { Self(rawValue: "unauthorized") }
    /// 404: no such test notification, app or notification URL.
    package static var notFound: Self { Self(rawValue: "not_found") }
    /// Apple 4000006: not a transaction id Apple could ever know.
    package static var invalidTransactionId: Self { Self(rawValue: "invalid_transaction_id") }
    /// Apple 4040010: no transaction with this id (in this environment).
    package static var transactionIdNotFound: Self { Self(rawValue: "transaction_id_not_found") }
    /// Apple 4040019: the customer of this transaction has no app transaction.
    package static var appTransactionDoesNotExist: Self { Self(rawValue: "app_transaction_does_not_exist") }
    /// Any other 4xx: Apple's errorCode and message are in the reason.
    package static var badRequest: Self { Self(rawValue: "bad_request") }
    /// 5xx: retried with backoff before it is reported.
    package static var serverError: Self { Self(rawValue: "server_error") }
    /// A success status whose body is not what the endpoint documents.
    package static var malformedResponse: Self { Self(rawValue: "malformed_response") }
    /// No HTTP answer at all: DNS, connection, TLS or timeout.
    package static var network: Self { Self(rawValue: "network") }
    /// The private key file is missing, unreadable or not an EC P-256 key.
    package static var invalidKey: Self { Self(rawValue: "invalid_key") }
    /// A local mistake in the arguments, caught before calling (e.g. an empty key id).
    package static var invalidArgument: Self { Self(rawValue: "invalid_argument") }
}
