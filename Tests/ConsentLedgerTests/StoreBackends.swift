import ConsentLedger
import Foundation

/// Every backend the contract suite runs against. A backend that cannot run here (no
/// PostgreSQL server) is listed with the reason it is skipped.
enum StoreBackend: String, CaseIterable, Sendable, CustomStringConvertible {
    case sqliteMemory = "SQLite in memory"
    case sqliteFile = "SQLite file"

    var description: String { rawValue }

    func makeLedger() throws -> Ledger {
        switch self {
        case .sqliteMemory:
            return try Ledger(store: SQLiteStore(path: ":memory:"))
        case .sqliteFile:
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
                "agekit-ledger-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            return try Ledger(store: SQLiteStore(path: directory.appendingPathComponent("ledger.sqlite").path))
        }
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
        appTransactionId: appTransactionId, signedPayload: "header.payload.signature")
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
        appAccountToken: token, signedPayload: "header.payload.signature")
}
