/// What became of one transaction of a batch.
enum TransactionOutcome<Success> {
    /// What became of one write of a committed transaction.
    enum Write {
        case done(Result<Success, LedgerError>)
        /// A deadlock or serialization failure rolled it back to its savepoint: run it again.
        case conflict(LedgerError)
    }

    /// Where a transaction failed.
    enum Stage: Equatable {
        case begin
        /// The write at this position of the transaction.
        case write(Int)
        /// `COMMIT`, a savepoint command, or a statement sent with them.
        case commit
    }

    /// Committed and durable; one outcome per write, in order.
    case committed([Write])
    /// Nothing was committed.
    case rolledBack(LedgerError, at: Stage, StatementFailure)
    /// The commit may or may not have happened: no write of it can be acknowledged.
    case commitLost(LedgerError)
}

/// One transaction for some writes of a batch, with a savepoint per write or none: the
/// statements of a transaction, written once for both stores.
enum TransactionRun {
    static func run(
        _ writes: [any PendingWrite], on connection: some CommitConnection, savepoints: Bool
    ) -> TransactionOutcome<WriteDelivery> {
        do {
            try connection.begin()
        } catch {
            return .rolledBack(error, at: .begin, connection.lastStatementFailure)
        }
        var outcomes: [TransactionOutcome<WriteDelivery>.Write] = []
        outcomes.reserveCapacity(writes.count)
        for (position, pending) in writes.enumerated() {
            if savepoints {
                do {
                    try connection.executeLater("SAVEPOINT agekit_write", [])
                } catch {
                    return .rolledBack(error, at: .commit, connection.lastStatementFailure)
                }
            }
            do {
                outcomes.append(.done(.success(try pending.run(on: connection))))
                if savepoints { try connection.execute("RELEASE agekit_write", []) }
            } catch {
                let wrapped = LedgerError.wrapping(error)
                let cause = connection.lastStatementFailure
                guard savepoints, cause != .connectionLost else {
                    return .rolledBack(wrapped, at: .write(position), cause)
                }
                // Undone alone: the writes before it stand.
                do {
                    try connection.execute("ROLLBACK TO agekit_write", [])
                    try connection.execute("RELEASE agekit_write", [])
                } catch {
                    return .rolledBack(LedgerError.wrapping(error), at: .commit, connection.lastStatementFailure)
                }
                outcomes.removeLast(outcomes.count - position)
                outcomes.append(cause == .transactionRetryable ? .conflict(wrapped) : .done(.failure(wrapped)))
            }
        }
        do {
            try connection.commit()
        } catch {
            if connection.commitOutcomeUnknown { return .commitLost(error) }
            return .rolledBack(error, at: .commit, connection.lastStatementFailure)
        }
        return .committed(outcomes)
    }
}
