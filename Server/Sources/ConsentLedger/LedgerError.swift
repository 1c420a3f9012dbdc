import CodedErrors

/// The one error of the ledger. `unavailable` and `timedOut` mean "try again later" (the
/// server answers 503 so Apple retries); `rejected` is the database refusing a statement for a
/// reason no retry changes; the others are the caller's mistakes. Database failures are
/// classified where they happen, from the database's own codes (SQLite's result codes,
/// PostgreSQL's SQLSTATE classes).
package struct LedgerError: CodedError {
    /// Its stable codes: a raw value never changes.
    package enum Code: String, Sendable, Hashable, CaseIterable {
        /// The database cannot be opened, written or reached right now.
        case unavailable = "store_unavailable"
        /// The store did not commit within the commit deadline: try again later.
        case timedOut = "store_timeout"
        /// The database refused the statement for a reason a retry cannot change (a constraint,
        /// a value it cannot hold, a statement it does not understand): a defect to report,
        /// not an outage.
        case rejected = "store_rejected"
        /// The store URL or a migration is wrong: refuse to start.
        case invalidStore = "invalid_store"
        case accountNotFound = "account_not_found"
        case invalidArgument = "invalid_argument"
    }

    /// The database's own code a failure was classified from, as SQLite or PostgreSQL gave
    /// it: for the logs, and for a caller that needs more than the class.
    package enum DatabaseCode: Sendable, Hashable, CustomStringConvertible {
        /// SQLite's extended result code (2067: `SQLITE_CONSTRAINT_UNIQUE`).
        case sqlite(Int32)
        /// PostgreSQL's SQLSTATE (`23505`: unique violation).
        case sqlstate(String)

        package var description: String {
            switch self {
            case .sqlite(let status): "SQLite \(status)"
            case .sqlstate(let state): "SQLSTATE \(state)"
            }
        }
    }

    package let code: Code
    package let reason: String
    /// Nil when the failure is not the database's (a deadline, an argument, a missing account).
    package let databaseCode: DatabaseCode?

    package init(_ code: Code, _ reason: String, databaseCode: DatabaseCode? = nil) {
        self.code = code
        self.reason = reason
        self.databaseCode = databaseCode
    }

    /// Whether the same write may succeed later: the store is down, busy, full or slow.
    package var isTransient: Bool { code == .unavailable || code == .timedOut }

    /// A ledger error as it is; anything else thrown inside a write is no database failure a
    /// retry would mend.
    static func wrapping(_ error: any Error) -> LedgerError {
        error as? LedgerError ?? LedgerError(.rejected, "\(error)")
    }

    /// SQLite's primary result code (the low byte of an extended one): a statement SQLite
    /// refuses as such (constraint, type, size, misuse, a plain SQL error) is `rejected`;
    /// busy, locked, read-only, I/O, full, cannot open, corrupt and the rest are the file's
    /// state, `unavailable`.
    static func sqliteCode(_ status: Int32) -> Code {
        switch status & 0xFF {
        case 1, 18, 19, 20, 21, 25: .rejected  // ERROR, TOOBIG, CONSTRAINT, MISMATCH, MISUSE, RANGE
        default: .unavailable
        }
    }

    /// PostgreSQL's SQLSTATE class: data exceptions (22), integrity constraints (23), invalid
    /// transaction state (25), syntax or access rules (42) and a raised exception (P0) are
    /// `rejected`; connection (08), rollback (40), resources (53, 54), operator intervention
    /// (57), system (58) and anything unknown are `unavailable`.
    static func sqlstateCode(_ state: String) -> Code {
        ["22", "23", "25", "42", "P0"].contains(String(state.prefix(2))) ? .rejected : .unavailable
    }
}
