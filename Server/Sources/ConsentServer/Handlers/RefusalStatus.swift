import AppStoreSignedData
import ConsentLedger

// The HTTP status of the refusals that come from another module's error, in one place: the
// intake, the notification route and the admin routes ask here.

extension LedgerError {
    /// The HTTP status of a ledger failure: 503 for what a retry may mend (Apple retries),
    /// 404 and 400 for the caller's mistakes, 500 for what no retry changes.
    var httpStatus: Int {
        switch code {
        case .unavailable, .timedOut: 503
        case .accountNotFound: 404
        case .invalidArgument: 400
        default: 500  // rejected, invalid_store: no retry changes them
        }
    }
}

extension VerificationError {
    /// 503 for a busy verifier: no verdict on the payload, so Apple delivers it again; 401
    /// for every other failed verification.
    var httpStatus: Int { code == .verificationBusy ? 503 : 401 }
}

enum RefusalStatus {
    /// A refusal that is a verdict on nothing the client sent (a busy verifier): its message
    /// is shown as it is, with when to come back.
    static func isBusy(code: String) -> Bool { code == VerificationError.Code.verificationBusy.rawValue }

    /// The budget of never-seen chains refills within the second.
    static let retryAfter = ("Retry-After", "1")
}
