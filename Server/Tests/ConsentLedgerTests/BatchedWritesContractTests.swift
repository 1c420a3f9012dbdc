import Foundation
import Synchronization
import Testing

@testable import ConsentLedger

/// Stores may run several queued writes in one transaction (group commit). These cases hold
/// for every backend: one write failing in a batch undoes that write only, and a batch
/// whose PostgreSQL connection breaks before COMMIT runs again once and ends exactly-once.
@Suite("Batched writes: one failing write, a lost connection")
struct BatchedWritesContractTests {
    private struct Refused: Error {}

    @Test("many concurrent writes with failing ones in the middle: the others commit", arguments: StoreBackend.allCases)
    func failingWriteInTheMiddle(backend: StoreBackend) throws {
        let ledger = try backend.makeLedger()
        defer { ledger.close() }
        let count = 120
        // SQLite carries on after a failed statement; PostgreSQL aborts the transaction.
        let failing: Set<Int> = backend == .postgres ? [40, 41, 77, 90, 100] : [40, 77, 90, 100]
        let group = DispatchGroup()
        let results = Mutex<[Int: Result<RecordOutcome, LedgerError>]>([:])
        // The first write holds one of the store's writers until every other write is queued,
        // so the rest run in batches.
        let hold = WriterHold(ledger.store, group)
        for index in 0..<count {
            let notification = subscribed(uuid: "N-\(index)", appTransactionId: "AT-\(index)", original: "O-\(index)")
            group.enter()
            let body: @Sendable (any SQLConnection) throws -> RecordOutcome
            switch index {
            case 40:
                // Writes, then throws an error of its own: its writes are undone.
                body = { connection in
                    _ = try LedgerWrites(connection, now: 1_000).record(notification)
                    throw Refused()
                }
            case 41:
                // Writes, then a statement fails (and the body swallows the error).
                body = { connection in
                    let outcome = try LedgerWrites(connection, now: 1_000).record(notification)
                    _ = try? connection.execute("SELECT * FROM no_such_table")
                    return outcome
                }
            case 77:
                // A statement fails and the error propagates.
                body = { connection in
                    _ = try LedgerWrites(connection, now: 1_000).record(notification)
                    try connection.execute("INSERT INTO no_such_table VALUES (1)")
                    return .duplicate
                }
            case 90:
                // A queued statement fails after the write's last round trip: PostgreSQL
                // reports it at the next `Sync` (another write's, or COMMIT), and it must
                // still fail this write only.
                body = { connection in
                    let outcome = try LedgerWrites(connection, now: 1_000).record(notification)
                    try connection.executeLater("INSERT INTO no_such_table VALUES (1)")
                    return outcome
                }
            case 100:
                // A queued statement fails; the next statement reports it.
                body = { connection in
                    let outcome = try LedgerWrites(connection, now: 1_000).record(notification)
                    try connection.executeLater("INSERT INTO no_such_table VALUES (1)")
                    try connection.execute("SELECT 1")
                    return outcome
                }
            default:
                body = { connection in try LedgerWrites(connection, now: 1_000).record(notification) }
            }
            ledger.store.write(body) { result in
                results.withLock { $0[index] = result }
                group.leave()
            }
        }
        hold.release()
        group.wait()
        let all = results.withLock { $0 }
        for index in 0..<count {
            let result = try #require(all[index])
            if failing.contains(index) {
                #expect(throws: (any Error).self, "write \(index) must fail") { try result.get() }
            } else {
                #expect(try result.get() == .stored(revokedAccounts: [], parked: false), "write \(index)")
            }
        }
        #expect(try ledger.notificationCount() == count - failing.count)
        for index in failing {
            #expect(try ledger.notification(uuid: "N-\(index)") == nil)
        }
        let stored = try ledger.events(bundleId: "com.example.app", after: 0, limit: 1_000).filter {
            $0.kind == .notificationStored
        }
        #expect(stored.count == count - failing.count)
    }

    @Test("a batch whose connection is terminated before COMMIT runs again once and ends exactly-once")
    func terminatedBatchRunsOnce() throws {
        let schema = try PostgresTestServer.temporarySchema()
        let store = try PostgresTestServer.store(on: schema, poolSize: 1)
        let ledger = try Ledger(store: store, commitDeadline: StoreBackend.deadline)
        defer { ledger.close() }
        let count = 40
        let killedIndex = Mutex<Int?>(nil)
        let transactions = Mutex<[Int: [Int64]]>([:])  // write index -> txid of each run
        let group = DispatchGroup()
        let hold = WriterHold(ledger.store, group)
        let results = Mutex<[Int: Result<RecordOutcome, LedgerError>]>([:])
        for index in 0..<count {
            let notification = subscribed(uuid: "T-\(index)", appTransactionId: "AT-\(index)", original: "O-\(index)")
            group.enter()
            ledger.store.write({ connection in
                let txid = try connection.execute("SELECT txid_current()").first?[0].integer ?? -1
                // Whether an earlier write of this batch already ran in this transaction.
                let sharesTransaction = transactions.withLock { runs in
                    defer { runs[index, default: []].append(txid) }
                    return runs.contains { $0.key != index && $0.value.last == txid }
                }
                let outcome = try LedgerWrites(connection, now: 1_000).record(notification)
                let kill =
                    sharesTransaction
                    && killedIndex.withLock { killed in
                        guard killed == nil else { return false }
                        killed = index
                        return true
                    }
                if kill {
                    // The server ends this session in the middle of the batch.
                    try connection.execute("SELECT pg_terminate_backend(pg_backend_pid())")
                }
                return outcome
            }) { result in
                results.withLock { $0[index] = result }
                group.leave()
            }
        }
        hold.release()
        group.wait()
        let all = results.withLock { $0 }
        for index in 0..<count {
            #expect(try all[index]?.get() == .stored(revokedAccounts: [], parked: false), "write \(index)")
        }
        let runs = transactions.withLock { $0 }
        // The batch was cut in the middle; the killer and the writes before it ran again.
        let killer = try #require(killedIndex.withLock { $0 }, "no batch held two writes")
        #expect(runs[killer]?.count == 2)
        let killed = try #require(runs[killer]?.first)
        let sharedWithKiller = runs.values.filter { $0.first == killed }.count
        #expect(sharedWithKiller > 1, "the terminated transaction held a batch, not one write")
        #expect(runs.values.allSatisfy { $0.count <= 2 })
        #expect(try ledger.notificationCount() == count)
        let stored = try ledger.events(bundleId: "com.example.app", after: 0, limit: 1_000).filter {
            $0.kind == .notificationStored
        }
        #expect(stored.count == count)
        #expect(Set(stored.compactMap(\.notificationUUID)).count == count)
    }

    @Test("queued writes share a transaction, and a commit, on PostgreSQL")
    func writesShareATransaction() throws {
        let schema = try PostgresTestServer.temporarySchema()
        let store = try PostgresTestServer.store(on: schema, poolSize: 2)
        defer { store.close() }
        let group = DispatchGroup()
        let transactions = Mutex<[Int64]>([])
        let holds = (0..<2).map { _ in WriterHold(store, group) }
        for _ in 0..<100 {
            group.enter()
            store.write({ connection in try connection.execute("SELECT txid_current()").first?[0].integer ?? -1 }) {
                (result: Result<Int64, LedgerError>) in
                if case .success(let txid) = result { transactions.withLock { $0.append(txid) } }
                group.leave()
            }
        }
        holds.forEach { $0.release() }
        group.wait()
        let all = transactions.withLock { $0 }
        #expect(all.count == 100)
        // 100 writes, at most `batchSize` per transaction, and far fewer transactions than writes.
        let batchSize = PostgresConfiguration(connection: schema.url).batchSize
        #expect(Set(all).count >= (100 + batchSize - 1) / batchSize)
        #expect(Set(all).count <= 50)
    }

    @Test("two batches on two instances that deadlock: the victim runs again and everything commits once")
    func deadlockBetweenBatches() throws {
        let schema = try PostgresTestServer.temporarySchema()
        let ledgers = try (0..<2).map { _ in
            try Ledger(store: PostgresTestServer.store(on: schema, poolSize: 1), commitDeadline: StoreBackend.deadline)
        }
        defer { ledgers.forEach { $0.close() } }
        _ = try ledgers[0].recordNow(subscribed(uuid: "seed-X", appTransactionId: "X", original: "O"))
        _ = try ledgers[0].recordNow(subscribed(uuid: "seed-Y", appTransactionId: "Y", original: "O"))
        let runs = Mutex(0)
        let results = Mutex<[Result<RecordOutcome, LedgerError>]>([])
        let group = DispatchGroup()
        // Instance 0 locks X then Y, instance 1 locks Y then X, each in one batch of two
        // writes queued behind a held writer. The second write of each waits until both
        // instances took their first lock: PostgreSQL finds the deadlock and aborts one.
        let firstLocksTaken = DispatchGroup()
        let firstRuns = Mutex<Set<String>>([])
        for _ in ledgers { firstLocksTaken.enter() }
        var holds: [WriterHold] = []
        for (ledger, order) in zip(ledgers, [["X", "Y"], ["Y", "X"]]) {
            holds.append(WriterHold(ledger.store, group))
            for (step, appTransactionId) in order.enumerated() {
                let notification = subscribed(
                    uuid: "D-\(order[0])-\(step)", appTransactionId: appTransactionId, original: "O-\(order[0])-\(step)"
                )
                group.enter()
                ledger.store.write({ connection in
                    runs.withLock { $0 += 1 }
                    // Bounded: a batch that ran its writes apart still ends.
                    if step == 1 { _ = firstLocksTaken.wait(timeout: .now() + 10) }
                    let outcome = try LedgerWrites(connection, now: 1_000).record(notification)
                    if step == 0 && firstRuns.withLock({ $0.insert(order[0]).inserted }) { firstLocksTaken.leave() }
                    return outcome
                }) { (result: Result<RecordOutcome, LedgerError>) in
                    results.withLock { $0.append(result) }
                    group.leave()
                }
            }
        }
        holds.forEach { $0.release() }
        group.wait()
        let all = results.withLock { $0 }
        #expect(all.count == 4)
        for result in all { #expect(try result.get() == .stored(revokedAccounts: [], parked: false)) }
        #expect(try ledgers[0].notificationCount() == 6)
        // Four writes, and the deadlock victim's two once more (each instance may be the
        // victim in turn: 8).
        #expect([6, 8].contains(runs.withLock { $0 }))
    }

    @Test("the last write of a batch leaves the transaction failed: it alone fails at COMMIT")
    func lastWriteSwallowsAnError() throws {
        let store = try PostgresTestServer.store(on: PostgresTestServer.temporarySchema(), poolSize: 1)
        defer { store.close() }
        try store.writeAndWait { connection in try connection.execute("CREATE TABLE batch_rows (id BIGINT PRIMARY KEY)")
        }
        let group = DispatchGroup()
        let results = Mutex<[Int: Result<Bool, LedgerError>]>([:])
        let hold = WriterHold(store, group)
        for index in 0..<3 {
            group.enter()
            store.write({ connection in
                try connection.execute("INSERT INTO batch_rows VALUES (?)", .integer(Int64(index)))
                if index == 2 { _ = try? connection.execute("SELECT * FROM no_such_table") }
                return true
            }) { (result: Result<Bool, LedgerError>) in
                results.withLock { $0[index] = result }
                group.leave()
            }
        }
        hold.release()
        group.wait()
        let all = results.withLock { $0 }
        #expect(try all[0]?.get() == true)
        #expect(try all[1]?.get() == true)
        // Its own failed statement aborted the transaction: rejected, not a store outage.
        #expect(throws: LedgerError(.rejected, "")) { try all[2]?.get() }
        let rows = try store.read { connection in
            try connection.execute("SELECT id FROM batch_rows ORDER BY id").compactMap { $0[0].integer }
        }
        #expect(rows == [0, 1])
    }
}

/// A write that holds one of a store's writers until ``release()``, so that the writes queued
/// meanwhile run in batches once it lets go.
final class WriterHold: Sendable {
    private let gate = DispatchSemaphore(value: 0)

    /// Queues the holding write on `store` (counted in `group`) and returns once it runs.
    init(_ store: any LedgerStore, _ group: DispatchGroup) {
        let entered = DispatchSemaphore(value: 0)
        group.enter()
        store.write({ [gate] _ in
            entered.signal()
            // Bounded, so that a test that fails before releasing still ends.
            _ = gate.wait(timeout: .now() + 30)
            return true
        }) { (_: Result<Bool, LedgerError>) in group.leave() }
        _ = entered.wait(timeout: .now() + 30)
    }

    /// Lets the writer go.
    func release() { gate.signal() }
}
