import Foundation
import Testing

@testable import ConsentLedger

/// A PostgreSQL store whose server goes away: writes fail with `.unavailable` (the server
/// answers 503) and succeed again once the server is back, with no restart of the store.
/// The outage is made with a login role of the test's own: its sessions are terminated and
/// it is refused new ones, then allowed again.
@Suite("PostgreSQL store: losing the server and recovering")
struct PostgresOutageTests {
    @Test("terminated sessions are replaced transparently; a refused server gives unavailable, then recovery")
    func outageAndRecovery() throws {
        let admin = try PostgresTestServer.admin()
        let suffix = UInt64.random(in: 0...UInt64.max)
        let role = "agekit_test_role_\(suffix)"
        let schema = "agekit_test_\(suffix)"
        let password = "pw\(UInt64.random(in: 0...UInt64.max))"
        try admin.execute("CREATE ROLE \(role) LOGIN PASSWORD '\(password)'")
        defer {
            _ = try? admin.execute("DROP SCHEMA IF EXISTS \(schema) CASCADE")
            _ = try? admin.execute("DROP ROLE IF EXISTS \(role)")
        }
        try admin.execute("CREATE SCHEMA \(schema) AUTHORIZATION \(role)")
        func terminateSessions() throws {
            try admin.execute(
                "SELECT pg_terminate_backend(pid, 5000) FROM pg_stat_activity WHERE usename = ?", .text(role))
        }

        let store = try PostgresStore(
            PostgresConfiguration(
                connection: try PostgresTestServer.requireURL(), user: role, password: password, poolSize: 3,
                schema: schema))
        let ledger = try Ledger(store: store)
        defer { ledger.close() }
        _ = try ledger.registerNow(accountId: "alice", appTransactionId: "AT1")
        _ = try ledger.recordNow(subscribed(appTransactionId: "AT1", original: "O-1"))

        // The server drops every session (as a restart does): the next calls reconnect.
        try terminateSessions()
        #expect(try ledger.recordNow(rescind(uuid: "N-2", appTransactionId: "AT1")) != .duplicate)
        #expect(try ledger.account(bundleId: "com.example.app", accountId: "alice")?.state == .consentRevoked)

        // The server is unreachable for this store: writes and reads fail with unavailable.
        try admin.execute("ALTER ROLE \(role) NOLOGIN")
        try terminateSessions()
        #expect(throws: LedgerError(.unavailable, "")) {
            try ledger.recordNow(subscribed(uuid: "N-3", appTransactionId: "AT1", original: "O-3"))
        }
        #expect(throws: LedgerError(.unavailable, "")) { try ledger.notificationCount() }
        do {
            _ = try ledger.recordNow(subscribed(uuid: "N-3", appTransactionId: "AT1", original: "O-3"))
        } catch {
            #expect(!"\(error)".contains(password), "an error message must never show the password")
        }

        // It is back: the same store works again, and the refused write can be retried.
        try admin.execute("ALTER ROLE \(role) LOGIN")
        #expect(try ledger.recordNow(subscribed(uuid: "N-3", appTransactionId: "AT1", original: "O-3")) != .duplicate)
        #expect(try ledger.notificationCount() == 3)
        #expect(
            try ledger.account(bundleId: "com.example.app", accountId: "alice")?.originalTransactionIds == [
                "O-1", "O-3",
            ])
    }

    @Test("a store cannot open while its server is unreachable, and says so without the password")
    func unreachableAtStart() throws {
        _ = try PostgresTestServer.requireURL()
        let configuration = PostgresConfiguration(
            connection: "postgresql://nobody@127.0.0.1:1/none", password: "s3cret-password", connectTimeoutSeconds: 2)
        do {
            _ = try PostgresStore(configuration)
            Issue.record("opened a store on a closed port")
        } catch {
            #expect(error.code == .unavailable)
            #expect(!error.reason.contains("s3cret-password"))
        }
    }
}
