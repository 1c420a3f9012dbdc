import ConsentLedger
import Foundation
import Synchronization
import Testing

@Suite("Ledger contract: the same rules on every backend")
struct LedgerContractTests {
    @Test(
        "register then rescind: the account is revoked, push stops, reconciliation is needed",
        arguments: StoreBackend.allCases)
    func registerThenRescind(backend: StoreBackend) throws {
        let ledger = try backend.makeLedger()
        defer { ledger.close() }
        _ = try ledger.registerNow(accountId: "alice", appTransactionId: "AT1")
        let outcome = try ledger.recordNow(rescind(uuid: "N1", appTransactionId: "AT1"))
        #expect(outcome == .stored(revokedAccounts: ["alice"], parked: false))
        let account = try #require(try ledger.account(bundleId: "com.example.app", accountId: "alice"))
        #expect(account.state == .consentRevoked)
        #expect(account.pushAllowed == false)
        #expect(account.needsReconciliation)
        #expect(account.since == 900)
        #expect(account.cause.contains("RESCIND_CONSENT"))
    }

    @Test("rescind before register is parked, then applied on register", arguments: StoreBackend.allCases)
    func parkedRevocation(backend: StoreBackend) throws {
        let ledger = try backend.makeLedger()
        defer { ledger.close() }
        #expect(
            try ledger.recordNow(rescind(uuid: "N1", appTransactionId: "AT9"))
                == .stored(revokedAccounts: [], parked: true))
        let account = try ledger.registerNow(accountId: "bob", appTransactionId: "AT9")
        #expect(account.state == .consentRevoked)
        #expect(account.pushAllowed == false)
        // The revocation stands for the app transaction: a second account linked later (a new
        // sign-in on the same install) is frozen by it too.
        let later = try ledger.registerNow(accountId: "carol", appTransactionId: "AT9")
        #expect(later.state == .consentRevoked)
        let kinds = try ledger.events(bundleId: "com.example.app", after: 0, limit: 100).map(\.kind)
        #expect(kinds.filter { $0 == .consentRevoked }.count == 2)
        #expect(kinds.contains(.revocationParked))
    }

    @Test(
        "an account linked after a revocation froze another is frozen too: no escape by a new account",
        arguments: StoreBackend.allCases)
    func revocationStandsForLaterLinks(backend: StoreBackend) throws {
        let ledger = try backend.makeLedger()
        defer { ledger.close() }
        _ = try ledger.registerNow(accountId: "alice", appTransactionId: "AT1")
        #expect(
            try ledger.recordNow(rescind(uuid: "N1", appTransactionId: "AT1"))
                == .stored(revokedAccounts: ["alice"], parked: false))
        let newcomer = try ledger.registerNow(accountId: "mallory", appTransactionId: "AT1", at: 2_500)
        #expect(newcomer.state == .consentRevoked)
        #expect(newcomer.pushAllowed == false)
        #expect(newcomer.since == 900)
    }

    @Test(
        "two accounts linking a parked app transaction at the same moment are both frozen",
        arguments: StoreBackend.allCases)
    func concurrentLinksBothFrozen(backend: StoreBackend) throws {
        let ledger = try backend.makeLedger()
        defer { ledger.close() }
        _ = try ledger.recordNow(rescind(uuid: "N1", appTransactionId: "AT7"))
        let states = Mutex<[String: ConsentState]>([:])
        DispatchQueue.concurrentPerform(iterations: 2) { index in
            let account = index == 0 ? "bob" : "carol"
            if let state = try? ledger.registerNow(accountId: account, appTransactionId: "AT7") {
                states.withLock { $0[account] = state.state }
            }
        }
        #expect(states.withLock { $0 } == ["bob": .consentRevoked, "carol": .consentRevoked])
    }

    @Test(
        "a revocation signed before the account's latest restore is superseded: recorded, nothing changed",
        arguments: StoreBackend.allCases)
    func restoreSupersedesOlderRevocation(backend: StoreBackend) throws {
        let ledger = try backend.makeLedger()
        defer { ledger.close() }
        _ = try ledger.registerNow(accountId: "alice", appTransactionId: "AT1")
        _ = try ledger.recordNow(rescind(uuid: "N1", appTransactionId: "AT1", signedDate: 900))
        _ = try ledger.restoreNow(accountId: "alice", at: 3_000)
        // Apple's retry of an older revocation (signed before the restore) arrives late.
        let late = try ledger.recordNow(rescind(uuid: "N2", appTransactionId: "AT1", signedDate: 2_900), at: 3_500)
        #expect(late == .stored(revokedAccounts: [], parked: false))
        let account = try #require(try ledger.account(bundleId: "com.example.app", accountId: "alice"))
        #expect(account.state == .active)
        #expect(account.since == 3_000)
        let events = try ledger.events(bundleId: "com.example.app", after: 0, limit: 100)
        #expect(events.last?.kind == .revocationSuperseded)
        #expect(events.last?.notificationUUID == "N2")
        // A revocation signed after the restore freezes again.
        let newer = try ledger.recordNow(rescind(uuid: "N3", appTransactionId: "AT1", signedDate: 3_100), at: 3_600)
        #expect(newer == .stored(revokedAccounts: ["alice"], parked: false))
    }

    @Test("a duplicate UUID changes nothing", arguments: StoreBackend.allCases)
    func duplicate(backend: StoreBackend) throws {
        let ledger = try backend.makeLedger()
        defer { ledger.close() }
        _ = try ledger.registerNow(accountId: "alice", appTransactionId: "AT1")
        _ = try ledger.recordNow(rescind(uuid: "N1", appTransactionId: "AT1"))
        let before = try ledger.events(bundleId: "com.example.app", after: 0, limit: 100)
        #expect(try ledger.recordNow(rescind(uuid: "N1", appTransactionId: "AT1")) == .duplicate)
        #expect(try ledger.events(bundleId: "com.example.app", after: 0, limit: 100) == before)
        #expect(try ledger.notificationCount() == 1)
    }

    @Test("registration is idempotent", arguments: StoreBackend.allCases)
    func idempotentRegistration(backend: StoreBackend) throws {
        let ledger = try backend.makeLedger()
        defer { ledger.close() }
        let first = try ledger.registerNow(accountId: "alice", appTransactionId: "AT1")
        let second = try ledger.registerNow(accountId: "alice", appTransactionId: "AT1")
        #expect(first == second)
        #expect(second.appTransactionIds == ["AT1"])
        let links = try ledger.events(bundleId: "com.example.app", after: 0, limit: 100).filter {
            $0.kind == .appTransactionLinked
        }
        #expect(links.count == 1)
    }

    @Test(
        "restore makes the account active with push allowed and appends an audited event",
        arguments: StoreBackend.allCases)
    func restore(backend: StoreBackend) throws {
        let ledger = try backend.makeLedger()
        defer { ledger.close() }
        _ = try ledger.registerNow(accountId: "alice", appTransactionId: "AT1")
        _ = try ledger.recordNow(rescind(appTransactionId: "AT1"))
        let restored = try ledger.restoreNow(accountId: "alice")
        #expect(restored.state == .active)
        #expect(restored.pushAllowed)
        #expect(restored.cause.contains("admin"))
        #expect(try ledger.events(bundleId: "com.example.app", after: 0, limit: 100).last?.kind == .consentRestored)
        #expect(throws: LedgerError(.accountNotFound, "")) { try ledger.restoreNow(accountId: "nobody") }
    }

    @Test(
        "transactions link their original transaction to accounts by app transaction or token",
        arguments: StoreBackend.allCases)
    func reconciliationLinks(backend: StoreBackend) throws {
        let ledger = try backend.makeLedger()
        defer { ledger.close() }
        _ = try ledger.registerNow(accountId: "alice", appTransactionId: "AT1")
        _ = try ledger.registerNow(accountId: "bob", appTransactionId: "AT2", token: "TOKEN-B")
        _ = try ledger.recordNow(subscribed(appTransactionId: "AT1", original: "O-1"))
        _ = try ledger.recordNow(subscribed(appTransactionId: nil, token: "TOKEN-B", original: "O-2"))
        #expect(try ledger.account(bundleId: "com.example.app", accountId: "alice")?.originalTransactionIds == ["O-1"])
        #expect(try ledger.account(bundleId: "com.example.app", accountId: "bob")?.originalTransactionIds == ["O-2"])
    }

    @Test("the event feed pages by cursor and is scoped to one app", arguments: StoreBackend.allCases)
    func eventFeed(backend: StoreBackend) throws {
        let ledger = try backend.makeLedger()
        defer { ledger.close() }
        for index in 0..<5 { _ = try ledger.recordNow(subscribed(appTransactionId: nil, original: "O\(index)")) }
        _ = try ledger.recordNow(rescind(appTransactionId: "X", bundleId: "com.other.app"))
        let first = try ledger.events(bundleId: "com.example.app", after: 0, limit: 3)
        #expect(first.count == 3)
        let rest = try ledger.events(bundleId: "com.example.app", after: first.last!.cursor, limit: 10)
        #expect(rest.count == 2)
        #expect(Set((first + rest).map(\.cursor)).count == 5)
        #expect((first + rest).allSatisfy { $0.bundleId == "com.example.app" })
    }

    @Test("concurrent deliveries of one UUID have exactly one effect", arguments: StoreBackend.allCases)
    func concurrentDuplicates(backend: StoreBackend) throws {
        let ledger = try backend.makeLedger()
        defer { ledger.close() }
        _ = try ledger.registerNow(accountId: "alice", appTransactionId: "AT1")
        let outcomes = Mutex<[RecordOutcome]>([])
        DispatchQueue.concurrentPerform(iterations: 16) { _ in
            let outcome = try? ledger.recordNow(rescind(uuid: "SAME", appTransactionId: "AT1"))
            outcomes.withLock { $0.append(outcome ?? .duplicate) }
        }
        #expect(outcomes.withLock { $0.filter { $0 != .duplicate }.count } == 1)
        let revocations = try ledger.events(bundleId: "com.example.app", after: 0, limit: 100).filter {
            $0.kind == .consentRevoked
        }
        #expect(revocations.count == 1)
    }

    @Test("stored notifications keep their decoded fields and raw payload", arguments: StoreBackend.allCases)
    func storedFields(backend: StoreBackend) throws {
        let ledger = try backend.makeLedger()
        defer { ledger.close() }
        _ = try ledger.recordNow(subscribed(uuid: "U1", appTransactionId: "AT1", original: "O-1"), at: 4242)
        let stored = try #require(try ledger.notification(uuid: "U1"))
        #expect(stored.notificationType == "SUBSCRIBED")
        #expect(stored.subtype == "INITIAL_BUY")
        #expect(stored.originalTransactionId == "O-1")
        #expect(stored.appTransactionId == "AT1")
        #expect(stored.receivedAt == 4242)
        #expect(stored.signedPayload == "header.payload.signature")
        #expect(try ledger.notification(uuid: "missing") == nil)
    }
}
