import AppStoreSignedData
import CodedErrors
import ConsentLedger

/// A request refused, as the server answers it: the HTTP status of every refusal is decided
/// here, from the error's code, and nowhere else (docs/openapi.yaml lists the same pairs).
package struct Refusal: Sendable, Equatable {
    package let status: Int
    package let code: String
    package var reason: String
    /// No verdict on what the client sent (a busy verifier): come back in a second.
    package var retryAfter = false

    /// The server's own refusals.
    init(_ error: ServerError) {
        (status, code, reason) = (Self.status(of: error.code), error.code.rawValue, error.reason)
    }

    /// 503 for what a retry may mend (Apple retries), 404 and 400 for the caller's mistakes,
    /// 500 for what no retry changes.
    init(_ error: LedgerError) {
        let status =
            switch error.code {
            case .unavailable, .timedOut: 503
            case .accountNotFound: 404
            case .invalidArgument: 400
            case .rejected, .invalidStore: 500
            }
        (self.status, code, reason) = (status, error.code.rawValue, error.reason)
    }

    /// The store is not writable for `/readyz`: 503 whatever the ledger's code, so that a
    /// load balancer sends no notification here until it is.
    init(notReady error: LedgerError) {
        (status, code, reason) = (503, error.code.rawValue, "the store is not writable: \(error.reason)")
    }

    /// 503 for a busy verifier (no verdict: Apple delivers it again), 401 for every other
    /// failed verification.
    init(_ error: VerificationError) {
        let busy = error.code == .verificationBusy
        (status, code, reason, retryAfter) = (busy ? 503 : 401, error.code.rawValue, error.reason, busy)
    }

    /// A verified payload that is not for this server (another app, environment or App Apple
    /// ID, or signed outside the freshness window): 403, whatever its code.
    init(identity error: some CodedError) {
        (status, code, reason) = (403, error.code.rawValue, error.reason)
    }

    /// Whether the answer hides the reason from the client (it goes to the request log): a
    /// storage failure names the operator's infrastructure.
    var isStorageFailure: Bool { (status == 503 && !retryAfter) || status == 500 }

    /// The table of the server's own codes: exhaustive, so a new code needs a status to compile.
    private static func status(of code: ServerErrorCode) -> Int {
        switch code {
        case .invalidPath, .malformedBody, .unexpectedField, .duplicateField, .invalidQuery, .missingField,
            .wrongFieldType, .fieldTooLong, .invalidAccountId, .invalidAppAccountToken, .invalidNotificationUUID,
            .invalidLink, .invalidImport, .malformedHead, .unsupportedTransferEncoding, .ambiguousLength:
            400
        case .unauthorized: 401
        case .forwardedForMissing, .forwardedForInvalid, .sourceNotAllowed, .signedDateTooOld, .signedDateInFuture:
            403
        case .notFound, .unknownApp, .notificationNotFound: 404
        case .methodNotAllowed: 405
        case .bodyTooLarge: 413
        case .missingAppTransactionId: 422
        case .tooManyAuthenticationFailures, .tooManyConnections: 429
        case .shuttingDown: 503
        // Not a request's: a start, a configuration, an import or an outbound call that failed.
        case .invalidConfiguration, .startupFailed, .invalidAddress, .bindFailed, .tlsUnavailable, .tlsInvalid,
            .tlsFileUnreadable, .startFailed, .alreadyStarted, .noAnswer, .environmentMismatch:
            500
        }
    }
}

extension Reply {
    /// `{"error": {"code": ..., "message": ...}}` with the refusal's status (and `Retry-After`
    /// when it asks for a retry).
    static func refusal(_ refusal: Refusal) -> Reply {
        var reply = Reply(
            .jsonError(status: refusal.status, code: refusal.code, message: refusal.reason), errorCode: refusal.code)
        if refusal.retryAfter { reply.response.headers.append(("Retry-After", "1")) }
        return reply
    }

    static func refusal(_ error: ServerError) -> Reply { .refusal(Refusal(error)) }
    static func refusal(_ error: LedgerError) -> Reply { .refusal(Refusal(error)) }
    static func refusal(_ error: VerificationError) -> Reply { .refusal(Refusal(error)) }
}

extension HTTPResponse {
    /// A JSON error, made here only, in the shape every AgeKit endpoint uses: `{"error":{"code":...,"message":...}}`.
    fileprivate static func jsonError(status: Int, code: String, message: String) -> HTTPResponse {
        var body: [UInt8] = []
        body.reserveCapacity(code.utf8.count + message.utf8.count + 40)
        body.append(contentsOf: #"{"error":{"code":"#.utf8)
        JSONObjectWriter.appendQuoted(code, to: &body)
        body.append(contentsOf: #","message":"#.utf8)
        JSONObjectWriter.appendQuoted(message, to: &body)
        body.append(contentsOf: "}}".utf8)
        return HTTPResponse(status: status, headers: [(name: "Content-Type", value: "application/json")], body: body)
    }
}
