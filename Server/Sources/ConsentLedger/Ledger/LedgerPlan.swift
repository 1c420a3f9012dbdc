/// One change to the ledger, decided by ``LedgerPlan`` and carried out by ``LedgerWrites``.
/// `about` is the notification the change comes from (a revocation replayed at registration
/// is about the revocation, not the registration).
enum LedgerCommand: Sendable, Equatable {
    /// The account's consent is withdrawn: frozen since the revocation was signed, push off,
    /// reconciliation due.
    case freeze(accountId: String, about: NotificationRecord)
    /// A revocation kept for its app transaction, so that it applies to every account that
    /// links to it later, whenever that is. `applied`: an account was linked already (else
    /// the revocation is parked until one is).
    case keep(appTransactionId: String, about: NotificationRecord, applied: Bool)
    /// A kept revocation applied, now that an account is linked.
    case markApplied(about: NotificationRecord)
    /// The transaction's original id remembered for each of these accounts.
    case rememberTransaction(originalTransactionId: String, accountIds: [String], about: NotificationRecord)
    /// An entry of the event log (and the outbox, where the app forwards that kind).
    case appendEvent(LedgerEvent.Kind, accountId: String?, about: NotificationRecord)
}

/// What a notification or a registration does to the ledger (DOMAIN.md §6), as a pure
/// function of what the ledger holds: which accounts a revocation freezes, when it is parked,
/// when a kept one is replayed and when a restore supersedes it. The SQL that reads the
/// inputs and executes the commands is ``LedgerWrites``'s; no decision is.
///
/// | input | effect |
/// | --- | --- |
/// | any notification | `notificationStored` event |
/// | purchase, accounts linked or named by its token | each remembers the original transaction |
/// | revocation naming no app transaction | `revocationUnattributable` event, nobody frozen |
/// | revocation, nobody linked | kept for the app transaction (parked), `revocationParked` |
/// | revocation, accounts linked | kept (applied); each linked account frozen, `consentRevoked` |
/// | revocation signed at or before an account's latest restore | that account unchanged, `revocationSuperseded` |
/// | first link of an account to an app transaction | every revocation kept for it replayed, oldest first |
/// | revocation naming no app transaction, attributed through the App Store Server API | `revocationAttributed`, then as if it had named the app transaction found |
/// | revocation attributed already (kept), or not unattributable | nothing |
///
/// Revocations imported from Google Play's and Amazon's consoles follow the same rules by
/// install id: their rows are in `LedgerPlan+Stores.swift`.
enum LedgerPlan {
    /// A notification just stored (never a duplicate). `linked`: the accounts linked to its
    /// app transaction, sorted; `tokenAccounts`: those its app account token names (read only
    /// when ``needsTokenAccounts(_:)`` says so); `restoredAt`: when each linked account's
    /// consent was last restored (read for a revocation only).
    static func effects(
        of n: NotificationRecord, linked: [String], tokenAccounts: [String] = [], restoredAt: [String: Int64] = [:]
    ) -> [LedgerCommand] {
        var commands: [LedgerCommand] = [.appendEvent(.notificationStored, accountId: nil, about: n)]
        guard n.isConsentRevocation else {
            let accounts = Set(linked).union(tokenAccounts).sorted()
            if let original = n.originalTransactionId, !accounts.isEmpty {
                commands.append(.rememberTransaction(originalTransactionId: original, accountIds: accounts, about: n))
            }
            return commands
        }
        // Apple's revocation names no app transaction (older apps): nobody to freeze, so a
        // backend must look at it.
        guard let appTransactionId = n.appTransactionId else {
            return commands + [.appendEvent(.revocationUnattributable, accountId: nil, about: n)]
        }
        return commands + revoking(n, appTransactionId: appTransactionId, linked: linked, restoredAt: restoredAt)
    }

    /// A stored revocation that named no app transaction, now that the App Store Server API
    /// said whose it is (`appTransactionId`, verified by the caller): it is kept for that app
    /// transaction and applies as if it had named it. `kept`: it is kept for one already (an
    /// earlier attribution), which stands. `linked` and `restoredAt` as for ``effects(of:linked:tokenAccounts:restoredAt:)``.
    static func attribution(
        of n: NotificationRecord, to appTransactionId: String, kept: Bool, linked: [String],
        restoredAt: [String: Int64] = [:]
    ) -> [LedgerCommand] {
        guard n.isConsentRevocation, n.appTransactionId == nil, !kept, !appTransactionId.isEmpty else { return [] }
        var named = n
        named.appTransactionId = appTransactionId
        return [.appendEvent(.revocationAttributed, accountId: nil, about: named)]
            + revoking(named, appTransactionId: appTransactionId, linked: linked, restoredAt: restoredAt)
    }

    /// A revocation of `appTransactionId`: parked while nobody is linked, else kept and applied.
    private static func revoking(
        _ n: NotificationRecord, appTransactionId: String, linked: [String], restoredAt: [String: Int64]
    ) -> [LedgerCommand] {
        // The guardian may revoke before the app ever registered its app transaction.
        guard !linked.isEmpty else {
            return [
                .keep(appTransactionId: appTransactionId, about: n, applied: false),
                .appendEvent(.revocationParked, accountId: nil, about: n),
            ]
        }
        // Kept as well: an account that links later (a new sign-in on the same install) is
        // frozen by it too, so nobody escapes a revocation by making a new account.
        return [.keep(appTransactionId: appTransactionId, about: n, applied: true)]
            + linked.flatMap { applying(n, to: $0, restoredAt: restoredAt[$0]) }
    }

    /// Whether ``effects(of:linked:tokenAccounts:restoredAt:)`` reads the accounts of the app account token.
    static func needsTokenAccounts(_ n: NotificationRecord) -> Bool {
        !n.isConsentRevocation && n.originalTransactionId != nil && n.appAccountToken != nil
    }

    /// A registration that linked its account to the app transaction for the first time:
    /// every revocation kept for that app transaction applies to it, in the order given
    /// (oldest first), unless the account's consent was restored after it was signed.
    static func replay(
        _ kept: [NotificationRecord], onto accountId: String, restoredAt: Int64? = nil
    )
        -> [LedgerCommand]
    {
        kept.flatMap { revocation in
            [.markApplied(about: revocation)] + applying(revocation, to: accountId, restoredAt: restoredAt)
        }
    }

    /// A revocation signed at or before the account's latest restore was answered by that
    /// restore: it is recorded for the audit and changes nothing. Any other freezes.
    private static func applying(_ n: NotificationRecord, to account: String, restoredAt: Int64?) -> [LedgerCommand] {
        if let restoredAt, n.signedDate <= restoredAt {
            return [.appendEvent(.revocationSuperseded, accountId: account, about: n)]
        }
        return [.freeze(accountId: account, about: n), .appendEvent(.consentRevoked, accountId: account, about: n)]
    }
}
