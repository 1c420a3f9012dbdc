/// Why a statement of a transaction failed, as far as the commit machine must know.
enum StatementFailure: Sendable, Equatable {
    /// The connection is gone (PostgreSQL restarted, a backend terminated): nothing of the
    /// transaction is left on it; another connection may run it.
    case connectionLost
    /// A serialization failure or a deadlock: the database rolled it back; run it again.
    case transactionRetryable
    /// The statement or its data is at fault: running it again would fail again.
    case statement
}

/// What one transaction of a batch needs from a store's connection: the stores differ in
/// how they begin and commit and in how they tell their failures apart, not in the rules.
protocol CommitConnection: SQLConnection {
    /// Starts the transaction (SQLite takes the write lock at once, `BEGIN IMMEDIATE`).
    func begin() throws(LedgerError)
    /// Commits it; returns only once the commit is durable.
    func commit() throws(LedgerError)
    /// How the last failure concerns the transaction.
    var lastStatementFailure: StatementFailure { get }
    /// After a failed `commit`: whether the commit may have happened all the same (the
    /// connection broke once `COMMIT` was sent), so that no write of it may be retried or
    /// acknowledged.
    var commitOutcomeUnknown: Bool { get }
}
