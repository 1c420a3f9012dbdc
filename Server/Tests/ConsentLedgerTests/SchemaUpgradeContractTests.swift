import ConsentLedger
import Foundation
import Testing

@Suite("Ledger contract: schema upgrades keep what was stored")
struct SchemaUpgradeContractTests {
    @Test(
        "a revocation parked before migration 6 is applied on the first register after it, and to every later link",
        arguments: StoreBackend.allCases)
    func parkedBeforeMigration6(backend: StoreBackend) throws {
        let store = try backend.makeStore()
        try store.migrate(LedgerSchema.migrations.filter { $0.version < 6 })
        try store.writeAndWait { connection in
            try connection.execute(
                """
                INSERT INTO notifications (uuid, bundle_id, environment, notification_type, signed_date,
                    app_transaction_id, received_at, signed_payload)
                VALUES ('N-old', 'com.example.app', 'Sandbox', 'RESCIND_CONSENT', 500, 'AT-old', 600, 'a.b.c')
                """)
            try connection.execute(
                """
                INSERT INTO parked_revocations (bundle_id, notification_uuid, app_transaction_id, revoked_at)
                VALUES ('com.example.app', 'N-old', 'AT-old', 500)
                """)
        }
        let ledger = try Ledger(store: store)
        defer { ledger.close() }
        let parked = try ledger.store.read { connection in
            try connection.execute("SELECT app_transaction_id, notification_uuid, revoked_at FROM parked_revocations")
        }
        #expect(parked.map { [$0[0].text, $0[1].text] } == [["AT-old", "N-old"]])
        #expect(parked.first?[2].integer == 500)

        let account = try ledger.registerNow(accountId: "alice", appTransactionId: "AT-old", at: 2_000)
        #expect(account.state == .consentRevoked)
        #expect(account.since == 500)
        #expect(account.cause.contains("N-old"))
        let applied = try ledger.store.read { connection in
            try connection.execute("SELECT applied_at FROM parked_revocations WHERE notification_uuid = 'N-old'")
        }
        #expect(applied.first?[0].integer == 2_000)
        // The revocation stands for the app transaction: an account linked later is frozen too.
        #expect(try ledger.registerNow(accountId: "bob", appTransactionId: "AT-old").state == .consentRevoked)
        #expect(
            try ledger.store.read { connection in
                try connection.execute("SELECT applied_at FROM parked_revocations WHERE notification_uuid = 'N-old'")
            }.first?[0].integer == 2_000)
    }
}
