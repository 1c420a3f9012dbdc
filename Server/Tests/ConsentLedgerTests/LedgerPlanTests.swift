import Testing

@testable import ConsentLedger

/// DOMAIN.md §6 as a table: what a stored notification, or a first link at registration,
/// does to the ledger, decided without a database.
@Suite("Ledger plan")
struct LedgerPlanTests {
    static func notification(
        _ type: String, uuid: String = "n-1", appTransactionId: String? = "AT-1", original: String? = nil,
        token: String? = nil, signedDate: Int64 = 1_000
    ) -> NotificationRecord {
        NotificationRecord(
            uuid: uuid, bundleId: "com.example.agekit", environment: "Sandbox", type: type, signedDate: signedDate,
            originalTransactionId: original, appTransactionId: appTransactionId, appAccountToken: token,
            signedPayload: [])
    }

    struct Case: CustomTestStringConvertible, Sendable {
        let rule: String
        let notification: NotificationRecord
        let linked: [String]
        let tokenAccounts: [String]
        var restoredAt: [String: Int64] = [:]
        let expected: [LedgerCommand]
        var testDescription: String { rule }
    }

    static let revocation = notification("RESCIND_CONSENT")
    static let anonymousRevocation = notification("RESCIND_CONSENT", appTransactionId: nil)
    static let purchase = notification("SUBSCRIBED", original: "1000", token: "tok")
    static let purchaseWithoutOriginal = notification("SUBSCRIBED")

    static let cases: [Case] = [
        Case(
            rule: "a revocation freezes every account linked to its app transaction, each with an event, and is kept",
            notification: revocation, linked: ["alice", "bob"], tokenAccounts: [],
            expected: [
                .appendEvent(.notificationStored, accountId: nil, about: revocation),
                .keep(appTransactionId: "AT-1", about: revocation, applied: true),
                .freeze(accountId: "alice", about: revocation),
                .appendEvent(.consentRevoked, accountId: "alice", about: revocation),
                .freeze(accountId: "bob", about: revocation),
                .appendEvent(.consentRevoked, accountId: "bob", about: revocation),
            ]),
        Case(
            rule: "a revocation before any link is parked for the app transaction",
            notification: revocation, linked: [], tokenAccounts: [],
            expected: [
                .appendEvent(.notificationStored, accountId: nil, about: revocation),
                .keep(appTransactionId: "AT-1", about: revocation, applied: false),
                .appendEvent(.revocationParked, accountId: nil, about: revocation),
            ]),
        Case(
            rule: "a revocation signed at or before an account's latest restore is superseded for that account only",
            notification: revocation, linked: ["alice", "bob"], tokenAccounts: [],
            restoredAt: ["alice": 1_000, "bob": 999],
            expected: [
                .appendEvent(.notificationStored, accountId: nil, about: revocation),
                .keep(appTransactionId: "AT-1", about: revocation, applied: true),
                .appendEvent(.revocationSuperseded, accountId: "alice", about: revocation),
                .freeze(accountId: "bob", about: revocation),
                .appendEvent(.consentRevoked, accountId: "bob", about: revocation),
            ]),
        Case(
            rule: "a revocation naming no app transaction is stored and flagged, nobody frozen",
            notification: anonymousRevocation, linked: [], tokenAccounts: [],
            expected: [
                .appendEvent(.notificationStored, accountId: nil, about: anonymousRevocation),
                .appendEvent(.revocationUnattributable, accountId: nil, about: anonymousRevocation),
            ]),
        Case(
            rule: "a revocation never follows the app account token",
            notification: notification("RESCIND_CONSENT", token: "tok"), linked: [], tokenAccounts: ["carol"],
            expected: [
                .appendEvent(.notificationStored, accountId: nil, about: notification("RESCIND_CONSENT", token: "tok")),
                .keep(appTransactionId: "AT-1", about: notification("RESCIND_CONSENT", token: "tok"), applied: false),
                .appendEvent(.revocationParked, accountId: nil, about: notification("RESCIND_CONSENT", token: "tok")),
            ]),
        Case(
            rule:
                "a purchase remembers its original transaction for the linked and the token's accounts, once each, sorted",
            notification: purchase, linked: ["bob", "alice"], tokenAccounts: ["alice", "carol"],
            expected: [
                .appendEvent(.notificationStored, accountId: nil, about: purchase),
                .rememberTransaction(
                    originalTransactionId: "1000", accountIds: ["alice", "bob", "carol"], about: purchase),
            ]),
        Case(
            rule: "a purchase nobody is linked to changes nothing but the log",
            notification: purchase, linked: [], tokenAccounts: [],
            expected: [.appendEvent(.notificationStored, accountId: nil, about: purchase)]),
        Case(
            rule: "a notification without an original transaction remembers nothing",
            notification: purchaseWithoutOriginal, linked: ["alice"], tokenAccounts: [],
            expected: [.appendEvent(.notificationStored, accountId: nil, about: purchaseWithoutOriginal)]),
    ]

    @Test("a stored notification's effects", arguments: cases)
    func effects(of row: Case) {
        #expect(
            LedgerPlan.effects(
                of: row.notification, linked: row.linked, tokenAccounts: row.tokenAccounts, restoredAt: row.restoredAt)
                == row.expected)
    }

    @Test("the token's accounts are read only for a purchase with a token and an original transaction")
    func tokenAccountsAreReadOnlyWhenTheyMatter() {
        #expect(LedgerPlan.needsTokenAccounts(Self.purchase))
        #expect(!LedgerPlan.needsTokenAccounts(Self.purchaseWithoutOriginal))
        #expect(!LedgerPlan.needsTokenAccounts(Self.notification("RESCIND_CONSENT", original: "1000", token: "tok")))
        #expect(!LedgerPlan.needsTokenAccounts(Self.notification("SUBSCRIBED", original: "1000")))
    }

    @Test("a first link replays every kept revocation onto the account, in order, each marked applied")
    func replay() {
        let first = Self.notification("RESCIND_CONSENT", uuid: "n-1", signedDate: 1_000)
        let second = Self.notification("RESCIND_CONSENT", uuid: "n-2", signedDate: 2_000)
        #expect(
            LedgerPlan.replay([first, second], onto: "alice") == [
                .markApplied(about: first), .freeze(accountId: "alice", about: first),
                .appendEvent(.consentRevoked, accountId: "alice", about: first),
                .markApplied(about: second), .freeze(accountId: "alice", about: second),
                .appendEvent(.consentRevoked, accountId: "alice", about: second),
            ])
        #expect(LedgerPlan.replay([], onto: "alice").isEmpty)
    }

    @Test("a replayed revocation signed before the account's latest restore is superseded, a later one freezes")
    func replayAfterRestore() {
        let first = Self.notification("RESCIND_CONSENT", uuid: "n-1", signedDate: 1_000)
        let second = Self.notification("RESCIND_CONSENT", uuid: "n-2", signedDate: 3_000)
        #expect(
            LedgerPlan.replay([first, second], onto: "alice", restoredAt: 2_000) == [
                .markApplied(about: first), .appendEvent(.revocationSuperseded, accountId: "alice", about: first),
                .markApplied(about: second), .freeze(accountId: "alice", about: second),
                .appendEvent(.consentRevoked, accountId: "alice", about: second),
            ])
    }
}
