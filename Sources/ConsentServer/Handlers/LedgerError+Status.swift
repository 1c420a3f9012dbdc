import ConsentLedger

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
