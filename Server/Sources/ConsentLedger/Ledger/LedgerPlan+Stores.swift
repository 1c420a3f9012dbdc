/// One change to the ledger for a revocation imported from a store's console, decided by
/// ``LedgerPlan`` and carried out by ``LedgerWrites``: the store-install counterpart of
/// ``LedgerCommand``.
enum StoreCommand: Sendable, Equatable {
    /// Consent withdrawn, as for Apple's `RESCIND_CONSENT`: frozen, push off, reconciliation due.
    case freeze(accountId: String, about: StoreRevocation)
    /// The row kept for its install, so that it applies once and to every account that links
    /// later. `applied`: an account was linked already (else it is parked).
    case keep(StoreRevocation, applied: Bool)
    /// A kept row applied, now that an account is linked.
    case markApplied(StoreRevocation)
    case appendEvent(LedgerEvent.Kind, accountId: String?, about: StoreRevocation)
}

/// What the ledger holds of a revocation row's install when the row is imported.
struct StoreRevocationContext: Sendable, Equatable {
    /// A row with the same store, install id and revocation time was imported before.
    var seen = false
    /// The latest revocation kept for the install, if any.
    var latestKept: Int64?
    /// The latest link or status change of the install, or restore of an account linked to
    /// it: what answers a revocation.
    var latestAnswer: Int64?
    /// The accounts linked to the install, sorted.
    var linked: [String] = []
    /// When each linked account's consent was last restored.
    var restoredAt: [String: Int64] = [:]
}

/// Revocations from the stores' consoles (Google Play, Amazon), rows of
/// ``LedgerPlan``'s table:
///
/// | input | effect |
/// | --- | --- |
/// | row with the same store, install id and revocation time imported before | nothing (the same revocation twice changes nothing) |
/// | row without a time, its install revoked already and not linked, re-approved or restored since | nothing |
/// | row, nobody linked to the install | kept (parked), `revocationParked` |
/// | row, accounts linked | kept (applied); each frozen, `consentRevoked`, as for `RESCIND_CONSENT` |
/// | row revoked at or before an account's latest restore | that account unchanged, `revocationSuperseded` |
/// | first link of an account to an install | every row kept for it replayed, oldest first |
extension LedgerPlan {
    static func importing(_ row: StoreRevocation, _ context: StoreRevocationContext) -> [StoreCommand] {
        if context.seen { return [] }
        // Without a time column the import's time stands in, so the same file imported again
        // would be a new revocation: the careful reading is that an install still revoked (no
        // link, re-approval or restore since its last revocation) is revoked already.
        if !row.timed, let kept = context.latestKept, kept >= (context.latestAnswer ?? Int64.min) { return [] }
        guard !context.linked.isEmpty else {
            return [.keep(row, applied: false), .appendEvent(.revocationParked, accountId: nil, about: row)]
        }
        return [.keep(row, applied: true)]
            + context.linked.flatMap { applying(row, to: $0, restoredAt: context.restoredAt[$0]) }
    }

    /// A first link of `accountId` to an install: the rows kept for it, oldest first.
    static func replay(_ kept: [StoreRevocation], onto accountId: String, restoredAt: Int64?) -> [StoreCommand] {
        kept.flatMap { [.markApplied($0)] + applying($0, to: accountId, restoredAt: restoredAt) }
    }

    /// The same rule as Apple's: a revocation at or before the latest restore was answered by it.
    private static func applying(_ row: StoreRevocation, to account: String, restoredAt: Int64?) -> [StoreCommand] {
        if let restoredAt, row.revokedAt <= restoredAt {
            return [.appendEvent(.revocationSuperseded, accountId: account, about: row)]
        }
        return [.freeze(accountId: account, about: row), .appendEvent(.consentRevoked, accountId: account, about: row)]
    }
}
