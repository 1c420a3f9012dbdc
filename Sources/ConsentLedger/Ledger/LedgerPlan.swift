/// One change to the ledger, decided by ``LedgerPlan`` and carried out by ``LedgerWrites``.
/// `about` is the notification the change comes from (a revocation replayed at registration
/// is about the revocation, not the registration).
enum LedgerCommand: Sendable, Equatable {
    /// The account's consent is withdrawn: frozen since the revocation was signed, push off,
    /// reconciliation due.
    case freeze(accountId: String, about: NotificationRecord)
    /// A revocation whose app transaction no account is linked to yet: kept until one is.
    case park(appTransactionId: String, about: NotificationRecord)
    /// A parked revocation applied, now that an account is linked.
    case markApplied(about: NotificationRecord)
    /// The transaction's original id remembered for each of these accounts.
    case rememberTransaction(originalTransactionId: String, accountIds: [String], about: NotificationRecord)
    /// An entry of the event log (and the outbox, where the app forwards that kind).
    case appendEvent(LedgerEvent.Kind, accountId: String?, about: NotificationRecord)
}

/// What a notification or a registration does to the ledger (DOMAIN.md §6), as a pure
/// function of what the ledger holds: which accounts a revocation freezes, when it is parked
/// and when a parked one is replayed. The SQL that reads the inputs and executes the commands
/// is ``LedgerWrites``'s; no decision is.
enum LedgerPlan {
    /// A notification just stored (never a duplicate). `linked`: the accounts linked to its
    /// app transaction, sorted; `tokenAccounts`: those its app account token names (read only
    /// when ``needsTokenAccounts(_:)`` says so).
    static func effects(of n: NotificationRecord, linked: [String], tokenAccounts: [String] = []) -> [LedgerCommand] {
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
        // The guardian may revoke before the app ever registered its app transaction.
        guard !linked.isEmpty else {
            return commands + [
                .park(appTransactionId: appTransactionId, about: n),
                .appendEvent(.revocationParked, accountId: nil, about: n),
            ]
        }
        return commands + linked.flatMap(freezing(about: n))
    }

    /// Whether ``effects(of:linked:tokenAccounts:)`` reads the accounts of the app account token.
    static func needsTokenAccounts(_ n: NotificationRecord) -> Bool {
        !n.isConsentRevocation && n.originalTransactionId != nil && n.appAccountToken != nil
    }

    /// A registration that linked its account to the app transaction for the first time:
    /// every revocation parked for that app transaction applies to it, in the order given
    /// (oldest first).
    static func replay(_ parked: [NotificationRecord], onto accountId: String) -> [LedgerCommand] {
        parked.flatMap { revocation in
            [.markApplied(about: revocation)] + freezing(about: revocation)(accountId)
        }
    }

    private static func freezing(about n: NotificationRecord) -> (String) -> [LedgerCommand] {
        { account in
            [.freeze(accountId: account, about: n), .appendEvent(.consentRevoked, accountId: account, about: n)]
        }
    }
}
