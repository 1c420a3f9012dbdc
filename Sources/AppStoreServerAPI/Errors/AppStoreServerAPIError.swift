import AppStoreSignedData

/// The module's one error: a stable code callers and scripts compare, a human reason, and
/// what the App Store said (HTTP status, Apple's numeric `errorCode`, `Retry-After`).
public struct AppStoreServerAPIError: CodedServerError {
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// 429: too many requests; ``AppStoreServerAPIError/retryAfter`` says how long to wait.
        public static let rateLimited = Code(rawValue: "rate_limited")
        /// Apple 4000017: the token is too old; start over with a new request (same body).
        public static let paginationTokenExpired = Code(rawValue: "pagination_token_expired")
        /// Apple 4000014.
        public static let invalidPaginationToken = Code(rawValue: "invalid_pagination_token")
        /// Apple 4000012, or refused locally: history reaches back 180 days (30 in sandbox).
        public static let startDateTooFarInPast = Code(rawValue: "start_date_too_far_in_past")
        /// Apple 4000013, or refused locally: the end must come after the start.
        public static let startDateAfterEndDate = Code(rawValue: "start_date_after_end_date")
        /// 401: the JWT was refused (key id, issuer id, bundle id, key or clock).
        public static let unauthorized = Code(rawValue: "unauthorized")
        /// 404: no such test notification, app or notification URL.
        public static let notFound = Code(rawValue: "not_found")
        /// Any other 4xx: Apple's errorCode and message are in the reason.
        public static let badRequest = Code(rawValue: "bad_request")
        /// 5xx: retried with backoff before it is reported.
        public static let serverError = Code(rawValue: "server_error")
        /// A success status whose body is not what the endpoint documents.
        public static let malformedResponse = Code(rawValue: "malformed_response")
        /// No HTTP answer at all: DNS, connection, TLS or timeout.
        public static let network = Code(rawValue: "network")
        /// The private key file is missing, unreadable or not an EC P-256 key.
        public static let invalidKey = Code(rawValue: "invalid_key")
        /// A local mistake in the arguments, caught before calling (e.g. an empty key id).
        public static let invalidArgument = Code(rawValue: "invalid_argument")
    }

    public var code: Code
    public var message: String
    /// The HTTP status, when an answer came.
    public var httpStatus: Int?
    /// Apple's numeric `errorCode` from the JSON body, when present.
    public var appleErrorCode: Int64?
    /// Seconds to wait before the next call (rate limiting).
    public var retryAfter: Double?

    public init(
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
    public var isRetryable: Bool { [.serverError, .network, .rateLimited].contains(code) }
}
