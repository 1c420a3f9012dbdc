/// What attribution through the App Store Server API has left to do, read in one go.
struct AttributionReads {
    let connection: any SQLConnection

    init(_ connection: any SQLConnection) { self.connection = connection }

    /// Accounts known only by transaction ids: original transaction ids remembered, no app
    /// transaction linked. One id each, the smallest not known to lead nowhere.
    func accounts(bundleId: String, limit: Int) throws -> [AttributionCandidate] {
        try connection.execute(
            """
            SELECT t.account_id, MIN(t.original_transaction_id) FROM account_transactions t
            WHERE t.bundle_id = ?
                AND NOT EXISTS (SELECT 1 FROM app_transaction_links l
                    WHERE l.bundle_id = t.bundle_id AND l.account_id = t.account_id)
                AND NOT EXISTS (SELECT 1 FROM attribution_misses m
                    WHERE m.bundle_id = t.bundle_id AND m.transaction_id = t.original_transaction_id)
            GROUP BY t.account_id ORDER BY t.account_id LIMIT ?
            """,
            .text(bundleId), .integer(Int64(limit))
        ).compactMap { row in
            guard let account = row[0].text, let transactionId = row[1].text else { return nil }
            return AttributionCandidate(subject: .account(account), transactionId: transactionId, environment: nil)
        }
    }

    /// Revocations that named no app transaction but carry a transaction id (else the
    /// original one), not attributed yet, oldest first.
    func revocations(bundleId: String, limit: Int) throws -> [AttributionCandidate] {
        try connection.execute(
            """
            SELECT n.uuid, COALESCE(n.transaction_id, n.original_transaction_id), n.environment FROM notifications n
            WHERE n.bundle_id = ? AND n.notification_type = 'RESCIND_CONSENT' AND n.app_transaction_id IS NULL
                AND COALESCE(n.transaction_id, n.original_transaction_id) IS NOT NULL
                AND NOT EXISTS (SELECT 1 FROM parked_revocations p
                    WHERE p.bundle_id = n.bundle_id AND p.notification_uuid = n.uuid)
                AND NOT EXISTS (SELECT 1 FROM attribution_misses m
                    WHERE m.bundle_id = n.bundle_id
                        AND m.transaction_id = COALESCE(n.transaction_id, n.original_transaction_id))
            ORDER BY n.signed_date, n.uuid LIMIT ?
            """,
            .text(bundleId), .integer(Int64(limit))
        ).compactMap { row in
            guard let uuid = row[0].text, let transactionId = row[1].text else { return nil }
            return AttributionCandidate(
                subject: .revocation(notificationUUID: uuid), transactionId: transactionId, environment: row[2].text)
        }
    }

    /// The transaction ids remembered as leading nowhere, with the App Store's answer.
    func misses(bundleId: String) throws -> [String: String] {
        var misses: [String: String] = [:]
        for row in try connection.execute(
            "SELECT transaction_id, outcome FROM attribution_misses WHERE bundle_id = ?", .text(bundleId))
        {
            if let id = row[0].text, let outcome = row[1].text { misses[id] = outcome }
        }
        return misses
    }
}
