import Testing

@testable import ConsentLedger

/// The rows of ``LedgerPlan`` for a revocation that named no app transaction, attributed to
/// one through the App Store Server API.
@Suite("Ledger plan: attribution")
struct AttributionPlanTests {
    static let anonymous = LedgerPlanTests.notification("RESCIND_CONSENT", appTransactionId: nil)
    static var named: NotificationRecord {
        var named = anonymous
        named.appTransactionId = "AT-7"
        return named
    }

    @Test("attributed with accounts linked: kept (applied), each linked account frozen, as if it had named it")
    func attributedToLinkedAccounts() {
        #expect(
            LedgerPlan.attribution(of: Self.anonymous, to: "AT-7", kept: false, linked: ["alice", "bob"]) == [
                .appendEvent(.revocationAttributed, accountId: nil, about: Self.named),
                .keep(appTransactionId: "AT-7", about: Self.named, applied: true),
                .freeze(accountId: "alice", about: Self.named),
                .appendEvent(.consentRevoked, accountId: "alice", about: Self.named),
                .freeze(accountId: "bob", about: Self.named),
                .appendEvent(.consentRevoked, accountId: "bob", about: Self.named),
            ])
    }

    @Test("attributed with nobody linked: parked for the app transaction found")
    func attributedAndParked() {
        #expect(
            LedgerPlan.attribution(of: Self.anonymous, to: "AT-7", kept: false, linked: []) == [
                .appendEvent(.revocationAttributed, accountId: nil, about: Self.named),
                .keep(appTransactionId: "AT-7", about: Self.named, applied: false),
                .appendEvent(.revocationParked, accountId: nil, about: Self.named),
            ])
    }

    @Test("attributed to an account restored after the revocation was signed: superseded, not frozen")
    func attributedButSuperseded() {
        #expect(
            LedgerPlan.attribution(
                of: Self.anonymous, to: "AT-7", kept: false, linked: ["alice"], restoredAt: ["alice": 5_000]) == [
                    .appendEvent(.revocationAttributed, accountId: nil, about: Self.named),
                    .keep(appTransactionId: "AT-7", about: Self.named, applied: true),
                    .appendEvent(.revocationSuperseded, accountId: "alice", about: Self.named),
                ])
    }

    @Test("attributed already, a revocation that named its app transaction, or another type: nothing")
    func nothingToAttribute() {
        #expect(LedgerPlan.attribution(of: Self.anonymous, to: "AT-7", kept: true, linked: ["alice"]).isEmpty)
        #expect(LedgerPlan.attribution(of: Self.named, to: "AT-8", kept: false, linked: ["alice"]).isEmpty)
        let purchase = LedgerPlanTests.notification("SUBSCRIBED", appTransactionId: nil, original: "1000")
        #expect(LedgerPlan.attribution(of: purchase, to: "AT-7", kept: false, linked: ["alice"]).isEmpty)
        #expect(LedgerPlan.attribution(of: Self.anonymous, to: "", kept: false, linked: ["alice"]).isEmpty)
    }
}
