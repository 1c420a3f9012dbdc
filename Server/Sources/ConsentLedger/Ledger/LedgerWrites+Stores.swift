/// Google Play's and Amazon's installs and the revocations imported from their consoles:
/// the SQL. What each row does is ``LedgerPlan``'s (`LedgerPlan+Stores.swift`).
extension LedgerWrites {
    /// Links `installId` of `store` to the account (idempotent; another account on the same
    /// install is linked beside it) and records the significant-change status the app read.
    /// A first link replays the revocations kept for the install.
    func linkStoreInstall(
        bundleId: String, accountId: String, store: StoreName, installId: String,
        status: SignificantChangeStatus?, statusDate: Int64?
    ) throws {
        try steps.lockStoreInstall(connection, bundleId: bundleId, store: store, installId, now: now)
        try ensureAccount(bundleId: bundleId, accountId: accountId, store: store)
        let key: [SQLValue] = [.text(bundleId), .text(store.rawValue), .text(installId), .text(accountId)]
        let existing = try connection.execute(
            """
            SELECT significant_change_status, status_date FROM store_installs
            WHERE bundle_id = ? AND store = ? AND install_id = ? AND account_id = ?
            """, key
        ).first
        guard let existing else {
            try connection.execute(
                """
                INSERT INTO store_installs (bundle_id, store, install_id, account_id, significant_change_status,
                    status_date, linked_at, answered_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """, key + [SQLValue(status?.rawValue), SQLValue(statusDate), .integer(now), .integer(now)])
            try append(
                .storeInstallLinked, bundleId: bundleId, accountId: accountId, detail: status?.rawValue, store: store,
                installId: installId)
            let kept = try keptRevocations(bundleId: bundleId, store: store, installId: installId)
            guard !kept.isEmpty else { return }
            let restoredAt = try connection.execute(
                "SELECT restored_at FROM accounts WHERE bundle_id = ? AND account_id = ?", .text(bundleId),
                .text(accountId)
            ).first?[0].integer
            try execute(LedgerPlan.replay(kept, onto: accountId, restoredAt: restoredAt))
            return
        }
        // The same link again changes nothing; a new status (a re-approval, say) is recorded,
        // and answers an earlier revocation imported without a time.
        guard existing[0].text != status?.rawValue || existing[1].integer != statusDate else { return }
        try connection.execute(
            """
            UPDATE store_installs SET significant_change_status = ?, status_date = ?, answered_at = ?
            WHERE bundle_id = ? AND store = ? AND install_id = ? AND account_id = ?
            """, [SQLValue(status?.rawValue), SQLValue(statusDate), .integer(now)] + key)
    }

    /// Imports rows of one app and store in this transaction. `apply` false: a dry run on a
    /// read connection, which plans every row and writes nothing.
    func importStoreRevocations(
        _ rows: [StoreRevocation], bundleId: String, store: StoreName, apply: Bool
    ) throws -> StoreImportOutcome {
        var outcome = StoreImportOutcome(dryRun: !apply, store: store)
        outcome.rows = rows.count
        // What a dry run would have kept so far, as the writes would have (rows of one file
        // may repeat an install).
        var planned: [String: [Int64]] = [:]
        var frozen = Set<String>()
        var superseded = Set<String>()
        // One order for the locks of every import, so that two imports cannot deadlock.
        let ordered = rows.enumerated().sorted { ($0.element.installId, $0.offset) < ($1.element.installId, $1.offset) }
        if apply {
            for installId in Set(rows.map(\.installId)).sorted() {
                try steps.lockStoreInstall(connection, bundleId: bundleId, store: store, installId, now: now)
            }
        }
        for (_, row) in ordered {
            var context = try context(of: row)
            let earlier = planned[row.installId, default: []]
            context.seen = context.seen || earlier.contains(row.revokedAt)
            context.latestKept = ([context.latestKept].compactMap { $0 } + earlier).max()
            let commands = LedgerPlan.importing(row, context)
            if apply { try execute(commands) }
            if commands.isEmpty { outcome.unchanged += 1 } else { outcome.applied += 1 }
            planned[row.installId, default: []].append(row.revokedAt)
            for command in commands {
                switch command {
                case .freeze(let account, _): frozen.insert(account)
                case .keep(_, applied: false): outcome.parked += 1
                case .appendEvent(.revocationSuperseded, let account?, _): superseded.insert(account)
                default: break
                }
            }
        }
        outcome.frozenAccounts = frozen.sorted()
        outcome.supersededAccounts = superseded.sorted()
        if apply {
            try connection.execute(
                """
                INSERT INTO store_imports (bundle_id, store, imported_at, row_count) VALUES (?, ?, ?, ?)
                ON CONFLICT (bundle_id, store) DO UPDATE SET imported_at = excluded.imported_at,
                    row_count = excluded.row_count
                """,
                .text(bundleId), .text(store.rawValue), .integer(now), .integer(Int64(rows.count)))
        }
        return outcome
    }

    /// What the ledger holds of the row's install (``LedgerPlan/importing(_:_:)``'s input).
    private func context(of row: StoreRevocation) throws -> StoreRevocationContext {
        let install: [SQLValue] = [.text(row.bundleId), .text(row.store.rawValue), .text(row.installId)]
        var context = StoreRevocationContext()
        let kept = try connection.execute(
            """
            SELECT MAX(revoked_at), SUM(CASE WHEN revoked_at = ? THEN 1 ELSE 0 END) FROM store_revocations
            WHERE bundle_id = ? AND store = ? AND install_id = ?
            """, [.integer(row.revokedAt)] + install
        ).first
        context.latestKept = kept?[0].integer
        context.seen = (kept?[1].integer ?? 0) > 0
        for link in try connection.execute(
            """
            SELECT links.account_id, links.answered_at, accounts.restored_at FROM store_installs links
            LEFT JOIN accounts ON accounts.bundle_id = links.bundle_id AND accounts.account_id = links.account_id
            WHERE links.bundle_id = ? AND links.store = ? AND links.install_id = ? ORDER BY links.account_id
            """, install)
        {
            guard let account = link[0].text else { continue }
            context.linked.append(account)
            if let restored = link[2].integer { context.restoredAt[account] = restored }
            let answer = max(link[1].integer ?? Int64.min, link[2].integer ?? Int64.min)
            context.latestAnswer = max(context.latestAnswer ?? Int64.min, answer)
        }
        return context
    }

    /// The revocations kept for an install, oldest first.
    private func keptRevocations(bundleId: String, store: StoreName, installId: String) throws -> [StoreRevocation] {
        try connection.execute(
            """
            SELECT revoked_at, timed FROM store_revocations WHERE bundle_id = ? AND store = ? AND install_id = ?
            ORDER BY revoked_at
            """, .text(bundleId), .text(store.rawValue), .text(installId)
        ).map { row in
            StoreRevocation(
                bundleId: bundleId, store: store, installId: installId, revokedAt: row[0].integer ?? now,
                timed: row[1].bool)
        }
    }

    /// Carries out the plan's commands for imported revocations, in order.
    func execute(_ commands: [StoreCommand]) throws {
        for command in commands {
            switch command {
            case .freeze(let accountId, let row):
                try connection.executeLater(
                    """
                    UPDATE accounts SET state = ?, state_since = ?, state_cause = ?, push_allowed = 0,
                        needs_reconciliation = 1, state_store = ?
                    WHERE bundle_id = ? AND account_id = ?
                    """,
                    .text(ConsentState.consentRevoked.rawValue), .integer(row.revokedAt),
                    .text("\(row.store.rawValue) revocation \(row.installId)"), .text(row.store.rawValue),
                    .text(row.bundleId), .text(accountId))
            case .keep(let row, let applied):
                try connection.executeLater(
                    """
                    INSERT INTO store_revocations (bundle_id, store, install_id, revoked_at, timed, imported_at,
                        applied_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING
                    """,
                    .text(row.bundleId), .text(row.store.rawValue), .text(row.installId), .integer(row.revokedAt),
                    SQLValue(row.timed), .integer(now), applied ? .integer(now) : .null)
            case .markApplied(let row):
                try connection.executeLater(
                    """
                    UPDATE store_revocations SET applied_at = COALESCE(applied_at, ?)
                    WHERE bundle_id = ? AND store = ? AND install_id = ? AND revoked_at = ?
                    """,
                    .integer(now), .text(row.bundleId), .text(row.store.rawValue), .text(row.installId),
                    .integer(row.revokedAt))
            case .appendEvent(let kind, let accountId, let row):
                try append(
                    kind, bundleId: row.bundleId, accountId: accountId,
                    detail: "revoked at \(row.revokedAt)" + (row.timed ? "" : " (the import's time)"),
                    store: row.store, installId: row.installId)
            }
        }
    }
}
