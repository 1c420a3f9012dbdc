import ConsentLedger
import Foundation
import Synchronization
import Testing

/// Several instances on one database: what `agekit serve` processes sharing a store must
/// agree on. Each test opens two (or more) stores on the same database.
@Suite("Ledger contract: several instances on one database")
struct LedgerInstancesContractTests {
    @Test(
        "registration and revocation racing on two instances end revoked, in either order",
        arguments: StoreBackend.allCases, [false, true])
    func registrationRacesRevocation(backend: StoreBackend, revokeOnFirst: Bool) throws {
        let ledgers = try backend.makeLedgers(count: 2)
        defer { ledgers.forEach { $0.close() } }
        let (registering, revoking) = revokeOnFirst ? (ledgers[1], ledgers[0]) : (ledgers[0], ledgers[1])
        let rounds = 24
        let failures = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: rounds * 2) { step in
            let round = step / 2
            do {
                if step % 2 == 0 {
                    _ = try registering.registerNow(accountId: "account-\(round)", appTransactionId: "AT-\(round)")
                } else {
                    _ = try revoking.recordNow(rescind(appTransactionId: "AT-\(round)"))
                }
            } catch {
                failures.withLock { $0.append("\(error)") }
            }
        }
        #expect(failures.withLock { $0 } == [])
        for round in 0..<rounds {
            let account = try #require(
                try ledgers[round % 2].account(bundleId: "com.example.app", accountId: "account-\(round)"))
            #expect(account.state == .consentRevoked, "round \(round)")
            #expect(account.pushAllowed == false, "round \(round)")
        }
        let revocations = try ledgers[0].events(bundleId: "com.example.app", after: 0, limit: 1_000).filter {
            $0.kind == .consentRevoked
        }
        #expect(revocations.count == rounds)
    }

    @Test(
        "the same UUID recorded concurrently on two instances has exactly one effect", arguments: StoreBackend.allCases)
    func sameUUIDOnTwoInstances(backend: StoreBackend) throws {
        let ledgers = try backend.makeLedgers(count: 2)
        defer { ledgers.forEach { $0.close() } }
        _ = try ledgers[0].registerNow(accountId: "alice", appTransactionId: "AT1")
        let outcomes = Mutex<[RecordOutcome]>([])
        let failures = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 16) { index in
            do {
                let outcome = try ledgers[index % 2].recordNow(rescind(uuid: "SAME", appTransactionId: "AT1"))
                outcomes.withLock { $0.append(outcome) }
            } catch {
                failures.withLock { $0.append("\(error)") }
            }
        }
        #expect(failures.withLock { $0 } == [])
        #expect(
            outcomes.withLock { $0.filter { $0 != .duplicate } } == [.stored(revokedAccounts: ["alice"], parked: false)]
        )
        #expect(try ledgers[1].notificationCount() == 1)
        let kinds = try ledgers[1].events(bundleId: "com.example.app", after: 0, limit: 100).map(\.kind)
        #expect(kinds.filter { $0 == .consentRevoked }.count == 1)
        #expect(kinds.filter { $0 == .notificationStored }.count == 1)
    }

    @Test(
        "a reader paging the event feed while two instances write never misses an event",
        arguments: StoreBackend.allCases)
    func feedFollowsCommitOrder(backend: StoreBackend) throws {
        let ledgers = try backend.makeLedgers(count: 2)
        defer { ledgers.forEach { $0.close() } }
        let writes = 200
        let writing = Mutex(true)
        let readerFinished = DispatchSemaphore(value: 0)
        let seen = Mutex<[Int64]>([])
        let reader = Thread {
            var cursor: Int64 = 0
            while true {
                let done = writing.withLock { !$0 }
                let page = (try? ledgers[0].events(bundleId: "com.example.app", after: cursor, limit: 50)) ?? []
                if let last = page.last?.cursor { cursor = last }
                seen.withLock { $0 += page.map(\.cursor) }
                if done && page.isEmpty { break }
            }
            readerFinished.signal()
        }
        reader.start()
        let failures = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: writes) { index in
            do {
                _ = try ledgers[index % 2].recordNow(
                    subscribed(appTransactionId: "AT-\(index % 7)", original: "O-\(index)"))
            } catch {
                failures.withLock { $0.append("\(error)") }
            }
        }
        writing.withLock { $0 = false }
        readerFinished.wait()
        let all = try ledgers[1].events(bundleId: "com.example.app", after: 0, limit: 10_000).map(\.cursor)
        #expect(failures.withLock { $0 } == [])
        #expect(all.count == writes)
        #expect(seen.withLock { $0 } == all)
    }

    @Test("instances starting together migrate once", arguments: StoreBackend.allCases)
    func concurrentMigrations(backend: StoreBackend) throws {
        let ledgers = try backend.makeLedgers(count: 4)
        defer { ledgers.forEach { $0.close() } }
        let versions = try ledgers[0].store.read { connection in
            try connection.execute("SELECT version FROM agekit_schema_migrations ORDER BY version").compactMap {
                $0[0].integer
            }
        }
        #expect(versions == LedgerSchema.migrations.map { Int64($0.version) })
        _ = try ledgers[3].recordNow(rescind(appTransactionId: "AT1"))
        #expect(try ledgers[2].notificationCount() == 1)
    }
}
