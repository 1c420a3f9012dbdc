import ConsentLedger
import Foundation
import Synchronization
import TestSupport

/// Every backend the contract suite runs against. PostgreSQL runs when
/// `AGEKIT_TEST_POSTGRES_URL` names a server, each test in a schema of its own; without it
/// its cases are skipped with the reason (and fail under `CI=true`).
enum StoreBackend: String, CaseIterable, Sendable, CustomStringConvertible {
    case sqliteMemory = "SQLite in memory"
    case sqliteFile = "SQLite file"
    case postgres = "PostgreSQL"

    var description: String { rawValue }

    func makeLedger() throws -> Ledger {
        try makeLedgers(count: 1)[0]
    }

    /// A store with no migration applied yet.
    func makeStore() throws -> any LedgerStore {
        switch self {
        case .sqliteMemory:
            return try SQLiteStore(path: ":memory:")
        case .sqliteFile:
            return try SQLiteStore(path: Self.scratchDatabasePath())
        case .postgres:
            let schema = try PostgresTestServer.temporarySchema()
            schema.retain()
            defer { schema.release() }
            return try PostgresTestServer.store(on: schema)
        }
    }

    /// A new SQLite file's path, in a directory of its own.
    private static func scratchDatabasePath() throws -> String {
        let directory = TestScratch.root.appendingPathComponent("agekit-ledger-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory.appendingPathComponent("ledger.sqlite").path
    }

    /// Ledgers on separate stores over one database, as separate processes would have them
    /// (SQLite in memory cannot be shared between stores: its ledgers share one store).
    /// The stores are opened, and migrated, concurrently.
    /// The contract tests are not about the commit deadline: a loaded test run can stall a
    /// disk for longer than the server's 5 s.
    static let deadline = CommitDeadline(seconds: 60)

    func makeLedgers(count: Int) throws -> [Ledger] {
        let open: @Sendable () throws -> Ledger
        // Holds a PostgreSQL schema while the stores open (each store holds it after that).
        var schemaHeld: TemporarySchema?
        defer { schemaHeld?.release() }
        switch self {
        case .sqliteMemory:
            let store = try SQLiteStore(path: ":memory:")
            open = { try Ledger(store: store, commitDeadline: Self.deadline) }
        case .sqliteFile:
            let path = try Self.scratchDatabasePath()
            // Several stores on one file stand for several processes: under a loaded test run
            // a writer may wait for the others longer than the server's 2 s default.
            open = {
                try Ledger(
                    store: SQLiteStore(path: path, busyTimeoutMilliseconds: 15_000), commitDeadline: Self.deadline)
            }
        case .postgres:
            let schema = try PostgresTestServer.temporarySchema()
            schema.retain()
            schemaHeld = schema
            open = { try Ledger(store: PostgresTestServer.store(on: schema), commitDeadline: Self.deadline) }
        }
        let results = Mutex<[Int: Result<Ledger, any Error>]>([:])
        DispatchQueue.concurrentPerform(iterations: count) { index in
            let result = Result { try open() }
            results.withLock { $0[index] = result }
        }
        let ledgers = results.withLock { all in (0..<count).map { all[$0]! } }
        if let failure = ledgers.first(where: { if case .failure = $0 { true } else { false } }) {
            for case .success(let ledger) in ledgers { ledger.close() }
            _ = try failure.get()
        }
        return try ledgers.map { try $0.get() }
    }
}

/// Blocking helpers so test bodies read top to bottom.
extension Ledger {
    func recordNow(_ notification: NotificationRecord, at now: Int64 = 1_000) throws -> RecordOutcome {
        try wait { done in record(notification, receivedAt: now, completion: done) }
    }

    func registerNow(
        bundleId: String = "com.example.app", accountId: String, appTransactionId: String, token: String? = nil,
        at now: Int64 = 2_000
    )
        throws -> AccountState
    {
        try wait { done in
            registerAppTransaction(
                bundleId: bundleId, accountId: accountId, appTransactionId: appTransactionId, appAccountToken: token,
                at: now, completion: done)
        }
    }

    func restoreNow(
        bundleId: String = "com.example.app", accountId: String, at now: Int64 = 3_000
    ) throws -> AccountState {
        try wait { done in
            restore(
                bundleId: bundleId, accountId: accountId, actor: "admin", reason: "family came back", at: now,
                completion: done)
        }
    }

    private func wait<T: Sendable>(_ start: (@escaping @Sendable (Result<T, LedgerError>) -> Void) -> Void) throws -> T
    {
        let semaphore = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var result: Result<T, LedgerError>?
        start { value in
            result = value
            semaphore.signal()
        }
        semaphore.wait()
        return try result!.get()
    }
}

func rescind(
    uuid: String = UUID().uuidString, appTransactionId: String, bundleId: String = "com.example.app",
    signedDate: Int64 = 900
)
    -> NotificationRecord
{
    NotificationRecord(
        uuid: uuid, bundleId: bundleId, environment: "Sandbox", type: "RESCIND_CONSENT", signedDate: signedDate,
        appTransactionId: appTransactionId, signedPayload: ArraySlice("header.payload.signature".utf8))
}

func subscribed(
    uuid: String = UUID().uuidString, appTransactionId: String?, token: String? = nil, original: String
)
    -> NotificationRecord
{
    NotificationRecord(
        uuid: uuid, bundleId: "com.example.app", environment: "Sandbox", type: "SUBSCRIBED", subtype: "INITIAL_BUY",
        signedDate: 800, transactionId: original + "-1", originalTransactionId: original,
        appTransactionId: appTransactionId,
        appAccountToken: token, signedPayload: ArraySlice("header.payload.signature".utf8))
}
