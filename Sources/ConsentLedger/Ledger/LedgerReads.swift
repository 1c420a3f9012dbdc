/// The ledger's queries.
struct LedgerReads {
    let connection: any SQLConnection

    init(_ connection: any SQLConnection) { self.connection = connection }

    func account(bundleId: String, accountId: String) throws -> AccountState? {
        guard
            let row = try connection.execute(
                """
                SELECT state, state_since, state_cause, push_allowed, needs_reconciliation FROM accounts
                WHERE bundle_id = ? AND account_id = ?
                """,
                .text(bundleId), .text(accountId)
            ).first
        else { return nil }
        func strings(_ sql: String) throws -> [String] {
            try connection.execute(sql, .text(bundleId), .text(accountId)).compactMap { $0[0].text }
        }
        return AccountState(
            bundleId: bundleId, accountId: accountId,
            state: ConsentState(rawValue: row[0].text ?? "") ?? .active,
            since: row[1].integer ?? 0, cause: row[2].text ?? "", pushAllowed: row[3].bool,
            needsReconciliation: row[4].bool,
            appTransactionIds: try strings(
                "SELECT app_transaction_id FROM app_transaction_links WHERE bundle_id = ? AND account_id = ? ORDER BY 1"
            ),
            appAccountTokens: try strings(
                "SELECT app_account_token FROM app_account_tokens WHERE bundle_id = ? AND account_id = ? ORDER BY 1"),
            originalTransactionIds: try strings(
                "SELECT original_transaction_id FROM account_transactions WHERE bundle_id = ? AND account_id = ? ORDER BY 1"
            ))
    }

    /// A page of the feed: sequenced events only, by position (see `EventSequencer`).
    func events(bundleId: String, after cursor: Int64, limit: Int) throws -> [LedgerEvent] {
        try connection.execute(
            """
            SELECT position, kind, account_id, app_transaction_id, notification_uuid, notification_type, detail,
                created_at
            FROM events WHERE bundle_id = ? AND position > ? ORDER BY position LIMIT ?
            """,
            .text(bundleId), .integer(cursor), .integer(Int64(limit))
        ).compactMap { row in
            guard let kind = LedgerEvent.Kind(rawValue: row[1].text ?? "") else { return nil }
            return LedgerEvent(
                cursor: row[0].integer ?? 0, bundleId: bundleId, kind: kind, accountId: row[2].text,
                appTransactionId: row[3].text, notificationUUID: row[4].text, notificationType: row[5].text,
                detail: row[6].text, createdAt: row[7].integer ?? 0)
        }
    }

    func notification(uuid: String) throws -> StoredNotification? {
        guard
            let row = try connection.execute(
                """
                SELECT n.uuid, n.bundle_id, n.environment, n.notification_type, n.subtype, n.signed_date,
                    n.transaction_id, n.original_transaction_id, n.app_transaction_id, n.received_at, n.signed_payload,
                    n.header_digest, n.signature, h.header
                FROM notifications n LEFT JOIN signing_headers h ON h.digest = n.header_digest WHERE n.uuid = ?
                """,
                .text(uuid)
            ).first
        else { return nil }
        // An empty payload without a header was pruned.
        var signedPayload = row[10].text.flatMap { $0.isEmpty ? nil : $0 }
        if let digest = row[11].text, let body = signedPayload {
            guard let signature = row[12].text, let header = row[13].text else {
                throw LedgerError(
                    .invalidStore, "notification \(uuid) names signing header \(digest), which is missing")
            }
            signedPayload = PackedPayload.unpack(header: header, body: body, signature: signature)
        }
        return StoredNotification(
            uuid: row[0].text ?? "", bundleId: row[1].text ?? "", environment: row[2].text ?? "",
            notificationType: row[3].text ?? "", subtype: row[4].text, signedDate: row[5].integer ?? 0,
            transactionId: row[6].text, originalTransactionId: row[7].text, appTransactionId: row[8].text,
            receivedAt: row[9].integer ?? 0, signedPayload: signedPayload)
    }
}
