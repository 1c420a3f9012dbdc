import ConsentLedger
import Foundation
import Testing

/// Attribution's reads and writes, the same on every backend: what is left to attribute,
/// a revocation kept for the app transaction found, and ids remembered as leading nowhere.
@Suite("Ledger contract: attribution")
struct AttributionContractTests {
    static let app = "com.example.app"

    /// A revocation naming no app transaction, with the transaction id Apple gave it (if any).
    static func anonymousRescind(uuid: String, transactionId: String?, signedDate: Int64 = 900) -> NotificationRecord {
        NotificationRecord(
            uuid: uuid, bundleId: app, environment: "Sandbox", type: "RESCIND_CONSENT", signedDate: signedDate,
            transactionId: transactionId, signedPayload: ArraySlice("header.payload.signature".utf8))
    }

    /// An account that only has a remembered original transaction id (no app transaction link).
    static func accountKnownByTransaction(_ ledger: Ledger, _ accountId: String, _ transactionId: String) throws {
        try ledger.store.writeAndWait { connection in
            try connection.execute(
                """
                INSERT INTO accounts (bundle_id, account_id, state, state_since, state_cause, push_allowed,
                    needs_reconciliation, created_at) VALUES (?, ?, 'active', 0, 'registered', 1, 0, 0)
                """, .text(app), .text(accountId))
            try connection.execute(
                "INSERT INTO account_transactions (bundle_id, account_id, original_transaction_id) VALUES (?, ?, ?)",
                .text(app), .text(accountId), .text(transactionId))
        }
    }

    @Test("candidates, linking, attributing and misses", arguments: StoreBackend.allCases)
    func attribution(backend: StoreBackend) async throws {
        let ledger = try backend.makeLedger()
        defer { ledger.close() }
        try Self.accountKnownByTransaction(ledger, "dora", "1000")
        _ = try ledger.registerNow(accountId: "erin", appTransactionId: "AT6")
        #expect(
            try ledger.recordNow(rescind(uuid: "N1", appTransactionId: "AT5"))
                == .stored(revokedAccounts: [], parked: true))
        _ = try ledger.recordNow(Self.anonymousRescind(uuid: "N2", transactionId: "2000"))
        _ = try ledger.recordNow(Self.anonymousRescind(uuid: "N3", transactionId: nil))
        _ = try ledger.recordNow(Self.anonymousRescind(uuid: "N4", transactionId: "4040", signedDate: 950))

        #expect(
            try ledger.attributionCandidates(bundleId: Self.app, limit: 10) == [
                AttributionCandidate(subject: .account("dora"), transactionId: "1000", environment: nil),
                AttributionCandidate(
                    subject: .revocation(notificationUUID: "N2"), transactionId: "2000", environment: "Sandbox"),
                AttributionCandidate(
                    subject: .revocation(notificationUUID: "N4"), transactionId: "4040", environment: "Sandbox"),
            ])

        // The account links as a registration links it: the revocation parked for AT5 applies.
        let dora = try await ledger.registerAppTransaction(
            bundleId: Self.app, accountId: "dora", appTransactionId: "AT5", at: 3_000)
        #expect(dora.state == .consentRevoked)

        let outcome = try await ledger.attributeRevocation(
            bundleId: Self.app, notificationUUID: "N2", appTransactionId: "AT6", at: 3_000)
        #expect(outcome == AttributionOutcome(attributed: true, revokedAccounts: ["erin"]))
        #expect(try ledger.account(bundleId: Self.app, accountId: "erin")?.state == .consentRevoked)
        let again = try await ledger.attributeRevocation(
            bundleId: Self.app, notificationUUID: "N2", appTransactionId: "AT6", at: 3_100)
        #expect(again == AttributionOutcome(attributed: false))

        try await ledger.rememberAttributionMiss(
            bundleId: Self.app, transactionId: "4040", outcome: "transaction_id_not_found", at: 3_000)
        #expect(try ledger.attributionMisses(bundleId: Self.app) == ["4040": "transaction_id_not_found"])
        #expect(try ledger.attributionCandidates(bundleId: Self.app, limit: 10).isEmpty)

        // An account linked later to the attributed app transaction is frozen by it too.
        #expect(try ledger.registerNow(accountId: "fred", appTransactionId: "AT6", at: 4_000).state == .consentRevoked)
        let kinds = try ledger.events(bundleId: Self.app, after: 0, limit: 100).map(\.kind)
        #expect(kinds.filter { $0 == .revocationAttributed }.count == 1)
        #expect(kinds.filter { $0 == .revocationUnattributable }.count == 3)
        let attributed = try ledger.events(bundleId: Self.app, after: 0, limit: 100).first {
            $0.kind == .revocationAttributed
        }
        #expect(attributed?.notificationUUID == "N2")
        #expect(attributed?.appTransactionId == "AT6")
    }
}
