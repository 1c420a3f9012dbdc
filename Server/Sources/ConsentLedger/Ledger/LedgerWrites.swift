/// The ledger's write operations on one connection inside the caller's transaction.
struct LedgerWrites {
    let connection: any SQLConnection
    let now: Int64
    let forwarding: ForwardingRules
    let steps: LedgerDialectSteps

    init(_ connection: any SQLConnection, now: Int64, forwarding: ForwardingRules = ForwardingRules()) {
        self.connection = connection
        self.now = now
        self.forwarding = forwarding
        self.steps = LedgerDialectSteps(connection.dialect)
    }

    /// Stores `notification` and applies its effect (``LedgerPlan``). `payload` is its signed
    /// payload packed (nil: stored as it came); `storeHeader` adds the packed payload's header
    /// to `signing_headers`, unless it is there already.
    func record(
        _ notification: NotificationRecord, payload: PackedPayload? = nil, storeHeader: Bool = false
    ) throws -> RecordOutcome {
        let n = notification
        if let appTransactionId = n.appTransactionId {
            try steps.lockAppTransaction(connection, bundleId: n.bundleId, appTransactionId, now: now)
        }
        if let payload, storeHeader {
            try connection.executeLater(
                "INSERT INTO signing_headers (digest, header, first_seen_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
                .text(payload.headerDigest), .utf8(payload.header[...]), .integer(now))
        }
        guard let links = try insert(n, payload: payload) else { return .duplicate }
        let tokenAccounts = LedgerPlan.needsTokenAccounts(n) ? try accounts(ofToken: n) : []
        var restoredAt: [String: Int64] = [:]
        for link in links { restoredAt[link.accountId] = link.restoredAt }
        let commands = LedgerPlan.effects(
            of: n, linked: links.map(\.accountId), tokenAccounts: tokenAccounts, restoredAt: restoredAt)
        try execute(commands)
        var revoked: [String] = []
        var parked = false
        for command in commands {
            if case .freeze(let account, _) = command { revoked.append(account) }
            if case .appendEvent(.revocationParked, _, _) = command { parked = true }
        }
        return .stored(revokedAccounts: revoked, parked: parked)
    }

    func register(bundleId: String, accountId: String, appTransactionId: String, appAccountToken: String?) throws {
        try steps.lockAppTransaction(connection, bundleId: bundleId, appTransactionId, now: now)
        try ensureAccount(bundleId: bundleId, accountId: accountId)
        let linked = try connection.execute(
            """
            INSERT INTO app_transaction_links (bundle_id, app_transaction_id, account_id, linked_at)
            VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING RETURNING account_id
            """,
            .text(bundleId), .text(appTransactionId), .text(accountId), .integer(now))
        if let appAccountToken {
            try connection.executeLater(
                "INSERT INTO app_account_tokens (bundle_id, app_account_token, account_id) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
                .text(bundleId), .text(appAccountToken), .text(accountId))
        }
        guard !linked.isEmpty else { return }  // already linked: nothing more to do
        try append(.appTransactionLinked, bundleId: bundleId, accountId: accountId, appTransactionId: appTransactionId)
        // Every revocation kept for the app transaction, applied to others already or not:
        // it stands for whoever links, whenever (the table's name is from when only parked
        // ones were kept).
        let kept = try connection.execute(
            """
            SELECT p.notification_uuid, p.revoked_at, n.notification_type FROM parked_revocations p
            JOIN notifications n ON n.uuid = p.notification_uuid
            WHERE p.bundle_id = ? AND p.app_transaction_id = ? ORDER BY p.revoked_at, p.notification_uuid
            """,
            .text(bundleId), .text(appTransactionId)
        ).map { row in
            NotificationRecord(
                uuid: row[0].text ?? "", bundleId: bundleId, environment: "", type: row[2].text ?? "",
                signedDate: row[1].integer ?? now, appTransactionId: appTransactionId, signedPayload: [])
        }
        guard !kept.isEmpty else { return }
        let restoredAt = try restoreTime(bundleId: bundleId, accountId: accountId)
        try execute(LedgerPlan.replay(kept, onto: accountId, restoredAt: restoredAt))
    }

    func restore(bundleId: String, accountId: String, actor: String, reason: String?) throws {
        let cause = "restored by \(actor)" + (reason.map { ": \($0)" } ?? "")
        let updated = try connection.execute(
            """
            UPDATE accounts SET state = ?, state_since = ?, state_cause = ?, push_allowed = 1, restored_at = ?
            WHERE bundle_id = ? AND account_id = ? RETURNING account_id
            """,
            .text(ConsentState.active.rawValue), .integer(now), .text(cause), .integer(now), .text(bundleId),
            .text(accountId))
        guard !updated.isEmpty else {
            throw LedgerError(.accountNotFound, "no account '\(accountId)' in \(bundleId)")
        }
        try append(.consentRestored, bundleId: bundleId, accountId: accountId, detail: cause)
    }

    // MARK: - Steps

    /// An account registered from `store` (Apple's app transactions leave `state_store` null).
    func ensureAccount(bundleId: String, accountId: String, store: StoreName = .appStore) throws {
        try connection.executeLater(
            """
            INSERT INTO accounts (bundle_id, account_id, state, state_since, state_cause, push_allowed,
                needs_reconciliation, created_at, state_store)
            VALUES (?, ?, ?, ?, ?, 1, 0, ?, ?) ON CONFLICT DO NOTHING
            """,
            .text(bundleId), .text(accountId), .text(ConsentState.active.rawValue), .integer(now), .text("registered"),
            .integer(now), store == .appStore ? .null : .text(store.rawValue))
    }

    /// Carries out ``LedgerPlan``'s commands, in order.
    func execute(_ commands: [LedgerCommand]) throws {
        for command in commands {
            switch command {
            case .freeze(let accountId, let n):
                try connection.executeLater(
                    """
                    UPDATE accounts SET state = ?, state_since = ?, state_cause = ?, push_allowed = 0,
                        needs_reconciliation = 1, state_store = NULL
                    WHERE bundle_id = ? AND account_id = ?
                    """,
                    .text(ConsentState.consentRevoked.rawValue), .integer(n.signedDate), .text("\(n.type) \(n.uuid)"),
                    .text(n.bundleId), .text(accountId))
            case .keep(let appTransactionId, let n, let applied):
                try connection.executeLater(
                    """
                    INSERT INTO parked_revocations (bundle_id, app_transaction_id, notification_uuid, revoked_at,
                        applied_at)
                    VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING
                    """,
                    .text(n.bundleId), .text(appTransactionId), .text(n.uuid), .integer(n.signedDate),
                    applied ? .integer(now) : .null)
            case .markApplied(let n):
                try connection.execute(
                    """
                    UPDATE parked_revocations SET applied_at = COALESCE(applied_at, ?)
                    WHERE bundle_id = ? AND app_transaction_id = ? AND notification_uuid = ?
                    """,
                    .integer(now), .text(n.bundleId), SQLValue(n.appTransactionId), .text(n.uuid))
            case .rememberTransaction(let original, let accountIds, let n):
                for account in accountIds {
                    try connection.executeLater(
                        """
                        INSERT INTO account_transactions (bundle_id, account_id, original_transaction_id) VALUES (?, ?, ?)
                        ON CONFLICT DO NOTHING
                        """,
                        .text(n.bundleId), .text(account), .text(original))
                }
            case .appendEvent(let kind, let accountId, let n):
                try appendEvent(kind, bundleId: n.bundleId, notification: n, accountId: accountId)
            }
        }
    }

    /// When the account's consent was last restored (nil: never).
    private func restoreTime(bundleId: String, accountId: String) throws -> Int64? {
        try connection.execute(
            "SELECT restored_at FROM accounts WHERE bundle_id = ? AND account_id = ?", .text(bundleId),
            .text(accountId)
        ).first?[0].integer
    }

    /// The accounts the notification's app account token names.
    private func accounts(ofToken n: NotificationRecord) throws -> [String] {
        try connection.execute(
            "SELECT account_id FROM app_account_tokens WHERE bundle_id = ? AND app_account_token = ?",
            .text(n.bundleId), SQLValue(n.appAccountToken)
        ).compactMap { $0[0].text }
    }

    /// Stores the notification unless its UUID is there already (nil), and reads the
    /// accounts linked to its app transaction, sorted (see ``LedgerDialectSteps``).
    private func insert(_ n: NotificationRecord, payload: PackedPayload?) throws -> [LinkedAccount]? {
        let insert = """
            INSERT INTO notifications (uuid, bundle_id, environment, notification_type, subtype, signed_date,
                transaction_id, original_transaction_id, app_transaction_id, app_account_token, received_at,
                signed_payload, header_digest, signature)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (uuid) DO NOTHING
            """
        let values: [SQLValue] = [
            .text(n.uuid), .text(n.bundleId), .text(n.environment), .text(n.type), SQLValue(n.subtype),
            .integer(n.signedDate), SQLValue(n.transactionId), SQLValue(n.originalTransactionId),
            SQLValue(n.appTransactionId), SQLValue(n.appAccountToken), .integer(now),
            .utf8(payload?.body[...] ?? n.signedPayload), SQLValue(payload?.headerDigest),
            payload.map { .utf8($0.signature[...]) } ?? .null,
        ]
        guard let appTransactionId = n.appTransactionId else {
            return try connection.insertUnlessConflicting(insert, values) ? [] : nil
        }
        return try steps.insertReadingLinks(
            connection, insert: insert, values, bundleId: n.bundleId, appTransactionId: appTransactionId)
    }

    private func appendEvent(
        _ kind: LedgerEvent.Kind, bundleId: String, notification n: NotificationRecord, accountId: String? = nil
    ) throws {
        try append(
            kind, bundleId: bundleId, accountId: accountId, appTransactionId: n.appTransactionId,
            notificationUUID: n.uuid, notificationType: n.type, detail: n.subtype)
    }

    /// Appends to the event log and, when the app forwards this kind of event, to the
    /// outbox in the same transaction: an event is forwarded if and only if it committed.
    func append(
        _ kind: LedgerEvent.Kind, bundleId: String, accountId: String? = nil, appTransactionId: String? = nil,
        notificationUUID: String? = nil, notificationType: String? = nil, detail: String? = nil,
        store: StoreName = .appStore, installId: String? = nil
    ) throws {
        let sql = """
            INSERT INTO events (bundle_id, kind, account_id, app_transaction_id, notification_uuid, notification_type,
                detail, created_at, store, install_id)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """
        // The App Store's events leave `store` null, as every event before stores were named.
        let values: [SQLValue] = [
            .text(bundleId), .text(kind.rawValue), SQLValue(accountId), SQLValue(appTransactionId),
            SQLValue(notificationUUID), SQLValue(notificationType), SQLValue(detail), .integer(now),
            store == .appStore ? .null : .text(store.rawValue), SQLValue(installId),
        ]
        // Only a forwarded event needs its cursor now; the others travel with the next statement.
        guard forwarding.forwards(kind, bundleId: bundleId) else {
            try connection.executeLater(sql, values)
            return
        }
        let rows = try connection.execute(sql + " RETURNING cursor", values)
        let event = LedgerEvent(
            cursor: rows.first?[0].integer ?? 0, bundleId: bundleId, kind: kind, accountId: accountId,
            appTransactionId: appTransactionId, notificationUUID: notificationUUID, notificationType: notificationType,
            detail: detail, createdAt: now, store: store, installId: installId)
        try Outbox(connection).enqueue(event, now: now)
    }
}
