/// The ledger's queries.
struct LedgerReads {
    let connection: any SQLConnection

    init(_ connection: any SQLConnection) { self.connection = connection }

    func account(bundleId: String, accountId: String) throws -> AccountState? {
        guard
            let row = try connection.execute(
                """
                SELECT state, state_since, state_cause, push_allowed, needs_reconciliation, state_store FROM accounts
                WHERE bundle_id = ? AND account_id = ?
                """,
                .text(bundleId), .text(accountId)
            ).first
        else { return nil }
        func strings(_ sql: String) throws -> [String] {
            try connection.execute(sql, .text(bundleId), .text(accountId)).compactMap { $0[0].text }
        }
        var account = AccountState(
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
        account.store = row[5].text.flatMap(StoreName.init(rawValue:)) ?? .appStore
        account.storeInstalls = try connection.execute(
            """
            SELECT store, install_id, significant_change_status, status_date FROM store_installs
            WHERE bundle_id = ? AND account_id = ? ORDER BY store, install_id
            """,
            .text(bundleId), .text(accountId)
        ).compactMap { row in
            guard let store = row[0].text.flatMap(StoreName.init(rawValue:)), let installId = row[1].text else {
                return nil
            }
            return StoreInstall(
                store: store, installId: installId,
                significantChangeStatus: row[2].text.flatMap(SignificantChangeStatus.init(rawValue:)),
                statusDate: row[3].integer)
        }
        return account
    }

    /// A page of the feed: sequenced events only, by position (see `EventSequencer`).
    func events(bundleId: String, after cursor: Int64, limit: Int) throws -> [LedgerEvent] {
        try connection.execute(
            """
            SELECT position, kind, account_id, app_transaction_id, notification_uuid, notification_type, detail,
                created_at, store, install_id
            FROM events WHERE bundle_id = ? AND position > ? ORDER BY position LIMIT ?
            """,
            .text(bundleId), .integer(cursor), .integer(Int64(limit))
        ).compactMap { row in
            guard let kind = LedgerEvent.Kind(rawValue: row[1].text ?? "") else { return nil }
            return LedgerEvent(
                cursor: row[0].integer ?? 0, bundleId: bundleId, kind: kind, accountId: row[2].text,
                appTransactionId: row[3].text, notificationUUID: row[4].text, notificationType: row[5].text,
                detail: row[6].text, createdAt: row[7].integer ?? 0,
                store: row[8].text.flatMap(StoreName.init(rawValue:)) ?? .appStore, installId: row[9].text)
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
            signedPayload = PackedPayload.unpack(
                header: Array(header.utf8), body: Array(body.utf8), signature: Array(signature.utf8))
        }
        return StoredNotification(
            uuid: row[0].text ?? "", bundleId: row[1].text ?? "", environment: row[2].text ?? "",
            notificationType: row[3].text ?? "", subtype: row[4].text, signedDate: row[5].integer ?? 0,
            transactionId: row[6].text, originalTransactionId: row[7].text, appTransactionId: row[8].text,
            receivedAt: row[9].integer ?? 0, signedPayload: signedPayload)
    }
}
