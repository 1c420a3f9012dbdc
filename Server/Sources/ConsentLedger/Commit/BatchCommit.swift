/// The rules by which a store commits a batch of writes, as a pure state machine: which
/// writes run in the next transaction and how, and what each write's result is once no
/// transaction is left to run. Both stores drive it; only how a transaction runs is theirs.
///
/// The first transaction runs the writes one after the other with no savepoint (a savepoint
/// costs two statements per write). When a write fails in it, the batch runs again with a
/// savepoint per write, so the failing write is undone alone and the others commit. A write
/// alone needs no savepoint: its failure is its result. A write that meets a deadlock or a
/// serialization failure is rolled back to its savepoint and runs again in the next
/// transaction, after this one has committed, up to `maxRetries` times; a transaction the
/// database rolled back for that reason runs again whole, as often. A connection lost before
/// `COMMIT` was sent rolled everything back: the batch runs once more (on a new connection).
/// A commit whose outcome is unknown fails every write of it: the caller retries, and the
/// ledger's writes are idempotent.
///
/// Generic over what a write that ran hands back (`Success`): the machine only moves results
/// to their writes and cannot make one up, so each caller gets its value as the type it was.
struct BatchCommit<Success> {
    enum Step {
        /// Run these writes (positions in the batch) in one transaction.
        case transaction([Int], savepoints: Bool)
        /// Every write has its final result.
        case finished([Result<Success, LedgerError>])
    }

    private var results: [Result<Success, LedgerError>?]
    private var waiting: [Int]
    private var conflicts: [Int]
    private var transactionConflicts = 0
    private var lostConnections = 0
    private var savepoints = false
    private let maxRetries: Int
    /// Whether a transaction of this batch committed: the store's bookkeeping after commits.
    private(set) var committedAny = false

    init(count: Int, maxRetries: Int) {
        results = Array(repeating: nil, count: count)
        waiting = Array(0..<count)
        conflicts = Array(repeating: 0, count: count)
        self.maxRetries = maxRetries
    }

    func next() -> Step {
        guard waiting.isEmpty else { return .transaction(waiting, savepoints: savepoints && waiting.count > 1) }
        return .finished(results.map { $0 ?? .failure(LedgerError(.unavailable, "the write did not run")) })
    }

    /// What became of the transaction `next` asked for.
    mutating func record(_ outcome: TransactionOutcome<Success>) {
        let alone = waiting.count == 1
        switch outcome {
        case .committed(let writes):
            committedAny = true
            var again: [Int] = []
            for (index, write) in zip(waiting, writes) {
                switch write {
                case .done(let result):
                    results[index] = result
                case .conflict(let error):
                    guard conflicts[index] < maxRetries else {
                        results[index] = .failure(error)
                        continue
                    }
                    conflicts[index] += 1
                    again.append(index)
                }
            }
            waiting = again
        case .rolledBack(let error, let stage, let failure):
            switch (failure, stage) {
            case (.connectionLost, _):
                // Before COMMIT: nothing of the transaction is left; run it all once more.
                lostConnections += 1
                if lostConnections > 1 { failWaiting(error) }
            case (.transactionRetryable, _):
                // The database rolled the whole transaction back: run it again, the same way.
                transactionConflicts += 1
                if transactionConflicts > maxRetries { failWaiting(error) }
            case (.statement, .begin):
                // Nothing ran: the store cannot take a transaction now.
                failWaiting(error)
            case (.statement, .write(let position)) where alone:
                results[waiting[position]] = .failure(error)
                waiting = []
            case (.statement, _) where !savepoints && !alone:
                // A write failed, or left the transaction failed for COMMIT: once more, with a
                // savepoint per write.
                savepoints = true
            case (.statement, _):
                failWaiting(error)
            }
        case .commitLost(let error):
            failWaiting(error)
        }
    }

    /// Fails every write still waiting (the store could not give a connection).
    mutating func failWaiting(_ error: LedgerError) {
        for index in waiting { results[index] = .failure(error) }
        waiting = []
    }
}
