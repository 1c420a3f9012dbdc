import Testing

@testable import ConsentLedger

/// The rules by which both stores commit a batch, driven by hand: each test feeds the
/// outcomes a database would give and checks the transactions asked for and the results.
@Suite("Batch commit machine")
struct BatchCommitTests {
    typealias Step = (positions: [Int], savepoints: Bool)

    static let failure = LedgerError(.rejected, "refused")
    static let busy = LedgerError(.unavailable, "busy")

    /// Runs the machine over `outcomes` (one per transaction it asks for); the transactions it
    /// asked for and the final results as `value` or the error's code.
    static func drive(count: Int, maxRetries: Int = 2, _ outcomes: [TransactionOutcome<String>]) -> ([Step], [String]) {
        var machine = BatchCommit<String>(count: count, maxRetries: maxRetries)
        var steps: [Step] = []
        var remaining = outcomes[...]
        while case .transaction(let positions, let savepoints) = machine.next() {
            steps.append((positions, savepoints))
            guard let outcome = remaining.popFirst() else {
                Issue.record("the machine asked for more transactions than expected: \(steps)")
                return (steps, [])
            }
            machine.record(outcome)
        }
        #expect(remaining.isEmpty, "transactions expected but not asked for")
        guard case .finished(let results) = machine.next() else { return (steps, []) }
        return (
            steps,
            results.map { result in
                switch result {
                case .success(let value): "\(value)"
                case .failure(let error): error.code.rawValue
                }
            }
        )
    }

    static func done(_ values: String...) -> TransactionOutcome<String> {
        .committed(values.map { $0 == "x" ? .done(.failure(failure)) : .done(.success($0)) })
    }

    @Test("writes that all succeed commit in one transaction without savepoints")
    func oneTransaction() {
        let (steps, results) = Self.drive(count: 3, [Self.done("a", "b", "c")])
        #expect(steps.map(\.positions) == [[0, 1, 2]])
        #expect(steps.map(\.savepoints) == [false])
        #expect(results == ["a", "b", "c"])
    }

    @Test("a write that fails without savepoints makes the batch run again with one per write, and fails alone")
    func failingWriteRunsAgainWithSavepoints() {
        let (steps, results) = Self.drive(
            count: 3, [.rolledBack(Self.failure, at: .write(1), .statement), Self.done("a", "x", "c")])
        #expect(steps.map(\.positions) == [[0, 1, 2], [0, 1, 2]])
        #expect(steps.map(\.savepoints) == [false, true])
        #expect(results == ["a", "store_rejected", "c"])
    }

    @Test("a write alone needs no savepoint: its failure is its result")
    func writeAlone() {
        let (steps, results) = Self.drive(count: 1, [.rolledBack(Self.failure, at: .write(0), .statement)])
        #expect(steps.map(\.savepoints) == [false])
        #expect(results == ["store_rejected"])
    }

    @Test("a transaction that cannot begin fails every write at once")
    func beginFails() {
        let (steps, results) = Self.drive(count: 2, [.rolledBack(Self.busy, at: .begin, .statement)])
        #expect(steps.count == 1)
        #expect(results == ["store_unavailable", "store_unavailable"])
    }

    @Test("a COMMIT that fails runs the batch once more with savepoints, then fails it")
    func commitFails() {
        let (steps, results) = Self.drive(
            count: 2,
            [.rolledBack(Self.busy, at: .commit, .statement), .rolledBack(Self.busy, at: .commit, .statement)])
        #expect(steps.map(\.savepoints) == [false, true])
        #expect(results == ["store_unavailable", "store_unavailable"])
    }

    @Test("a connection lost before COMMIT runs the transaction once more, and a second loss fails it")
    func lostConnection() {
        let once = Self.drive(count: 2, [.rolledBack(Self.busy, at: .write(0), .connectionLost), Self.done("a", "b")])
        #expect(once.0.map(\.savepoints) == [false, false])
        #expect(once.1 == ["a", "b"])
        let twice = Self.drive(
            count: 2,
            [
                .rolledBack(Self.busy, at: .write(0), .connectionLost),
                .rolledBack(Self.busy, at: .commit, .connectionLost),
            ])
        #expect(twice.1 == ["store_unavailable", "store_unavailable"])
    }

    @Test("a commit whose outcome is unknown fails every write of it")
    func commitLost() {
        let (steps, results) = Self.drive(count: 2, [.commitLost(Self.busy)])
        #expect(steps.count == 1)
        #expect(results == ["store_unavailable", "store_unavailable"])
    }

    @Test("a write that met a deadlock runs again in the next transaction, up to the retry limit")
    func conflictingWrite() {
        let retried = Self.drive(
            count: 2, maxRetries: 1, [.committed([.done(.success("a")), .conflict(Self.busy)]), Self.done("b")])
        #expect(retried.0.map(\.positions) == [[0, 1], [1]])
        #expect(retried.1 == ["a", "b"])
        let exhausted = Self.drive(
            count: 1, maxRetries: 1, [.committed([.conflict(Self.busy)]), .committed([.conflict(Self.busy)])])
        #expect(exhausted.1 == ["store_unavailable"])
    }

    @Test("a transaction the database rolled back for a conflict runs again whole, up to the retry limit")
    func retryableTransaction() {
        let (steps, results) = Self.drive(
            count: 2, maxRetries: 2,
            [
                .rolledBack(Self.busy, at: .commit, .transactionRetryable),
                .rolledBack(Self.busy, at: .commit, .transactionRetryable),
                .rolledBack(Self.busy, at: .commit, .transactionRetryable),
            ])
        #expect(steps.count == 3)
        #expect(steps.map(\.savepoints) == [false, false, false])
        #expect(results == ["store_unavailable", "store_unavailable"])
    }

    @Test("no store keeps a write unanswered: a store that gives no connection fails what waits")
    func noConnection() {
        var machine = BatchCommit<String>(count: 2, maxRetries: 0)
        machine.failWaiting(Self.busy)
        guard case .finished(let results) = machine.next() else {
            Issue.record("the machine still asks for a transaction")
            return
        }
        #expect(results.count == 2)
        #expect(!machine.committedAny)
    }
}
