/// Attribution through the App Store Server API: the writes. Which accounts and revocations
/// need it is read by ``AttributionReads``; linking an account is ``LedgerWrites/register(bundleId:accountId:appTransactionId:appAccountToken:)``.
extension LedgerWrites {
    /// Attributes a stored revocation that named no app transaction to `appTransactionId`
    /// (found and verified by the caller), as ``LedgerPlan/attribution(of:to:kept:linked:restoredAt:)``
    /// decides.
    func attribute(bundleId: String, notificationUUID: String, appTransactionId: String) throws -> AttributionOutcome {
        try steps.lockAppTransaction(connection, bundleId: bundleId, appTransactionId, now: now)
        guard
            let row = try connection.execute(
                """
                SELECT notification_type, signed_date, app_transaction_id, environment FROM notifications
                WHERE uuid = ? AND bundle_id = ?
                """,
                .text(notificationUUID), .text(bundleId)
            ).first
        else {
            throw LedgerError(.invalidArgument, "no notification \(notificationUUID) in \(bundleId)")
        }
        let n = NotificationRecord(
            uuid: notificationUUID, bundleId: bundleId, environment: row[3].text ?? "", type: row[0].text ?? "",
            signedDate: row[1].integer ?? now, appTransactionId: row[2].text, signedPayload: [])
        let kept =
            !(try connection.execute(
                "SELECT 1 FROM parked_revocations WHERE bundle_id = ? AND notification_uuid = ? LIMIT 1",
                .text(bundleId),
                .text(notificationUUID))).isEmpty
        let links = try LedgerDialectSteps.linkedAccounts(
            connection, bundleId: bundleId, appTransactionId: appTransactionId)
        var restoredAt: [String: Int64] = [:]
        for link in links { restoredAt[link.accountId] = link.restoredAt }
        let commands = LedgerPlan.attribution(
            of: n, to: appTransactionId, kept: kept, linked: links.map(\.accountId), restoredAt: restoredAt)
        try execute(commands)
        var outcome = AttributionOutcome(attributed: !commands.isEmpty)
        for command in commands {
            if case .freeze(let account, _) = command { outcome.revokedAccounts.append(account) }
            if case .appendEvent(.revocationParked, _, _) = command { outcome.parked = true }
        }
        return outcome
    }

    /// Remembers that the App Store said `transactionId` leads to no app transaction
    /// (`outcome`: its error code), so it is not asked about again.
    func rememberAttributionMiss(bundleId: String, transactionId: String, outcome: String) throws {
        try connection.executeLater(
            """
            INSERT INTO attribution_misses (bundle_id, transaction_id, outcome, looked_up_at) VALUES (?, ?, ?, ?)
            ON CONFLICT DO NOTHING
            """,
            .text(bundleId), .text(transactionId), .text(outcome), .integer(now))
    }
}
