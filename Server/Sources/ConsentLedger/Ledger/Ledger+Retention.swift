/// Retention: what `agekit prune` and serve's schedule remove. Delivered outbox rows go
/// whole; an old notification keeps its row (its UUID, so a redelivery is still a
/// duplicate, and its decoded fields) and loses only its signed payload. Its effects
/// (accounts, links, events) are other tables and are never pruned.
extension Ledger {
    package struct PruneReport: Sendable, Equatable {
        package var deliveredOutboxRows = 0
        package var payloads = 0

        package init(deliveredOutboxRows: Int = 0, payloads: Int = 0) {
            self.deliveredOutboxRows = deliveredOutboxRows
            self.payloads = payloads
        }
    }

    /// Rows per transaction: a prune of millions of rows never holds the writer for long,
    /// so notifications keep committing between batches.
    static let pruneBatch = 500

    /// Removes outbox rows delivered before `deliveredBefore` and, when given, the signed
    /// payloads of notifications received before `payloadsReceivedBefore` (milliseconds).
    package func prune(deliveredBefore: Int64, payloadsReceivedBefore: Int64?) throws(LedgerError) -> PruneReport {
        var report = PruneReport()
        report.deliveredOutboxRows = try batches(
            select: "SELECT id FROM outbox WHERE state = 'delivered' AND delivered_at < ?",
            apply: "DELETE FROM outbox WHERE id IN", before: deliveredBefore)
        if let payloadsReceivedBefore {
            report.payloads = try batches(
                select: "SELECT id FROM notifications WHERE received_at < ? AND signed_payload <> ''",
                apply:
                    "UPDATE notifications SET signed_payload = '', header_digest = NULL, signature = NULL WHERE id IN",
                before: payloadsReceivedBefore)
        }
        return report
    }

    /// Runs `apply (ids)` on the rows `select` finds, a batch per transaction; returns the count.
    private func batches(select: String, apply: String, before: Int64) throws(LedgerError) -> Int {
        var total = 0
        while true {
            let count = try store.writeAndWait { connection in
                let ids = try connection.execute("\(select) LIMIT \(Self.pruneBatch)", .integer(before))
                    .compactMap { $0[0].integer }
                guard !ids.isEmpty else { return 0 }
                // Integers from the store itself, not input: safe to inline.
                _ = try connection.execute("\(apply) (\(ids.map(String.init).joined(separator: ",")))")
                return ids.count
            }
            total += count
            if count < Self.pruneBatch { return total }
        }
    }
}
