import Foundation

/// The outbox's SQL on one connection, inside the caller's transaction.
struct Outbox {
    let connection: any SQLConnection

    init(_ connection: any SQLConnection) { self.connection = connection }

    func enqueue(_ event: LedgerEvent, now: Int64) throws {
        let body = String(decoding: try ForwardedEvent.body(of: event), as: UTF8.self)
        try connection.execute(
            """
            INSERT INTO outbox (bundle_id, event_cursor, kind, body, state, attempts, next_attempt_at, created_at, subject)
            VALUES (?, ?, ?, ?, ?, 0, ?, ?, ?)
            """,
            .text(event.bundleId), .integer(event.cursor), .text(event.kind.rawValue), .text(body),
            .text(OutboxItem.State.pending.rawValue), .integer(now), .integer(now),
            SQLValue(
                event.accountId ?? event.appTransactionId ?? event.installId.map { "\(event.store.rawValue):\($0)" }))
    }

    /// Leases up to `limit` due items until `now + leaseMilliseconds`. On PostgreSQL,
    /// `FOR UPDATE SKIP LOCKED` lets several instances claim at once without waiting on
    /// each other; the lease keeps a claimed item from being sent twice at the same time.
    /// An item waits while an earlier item of its subject is pending (retrying, or claimed
    /// by another worker), so one person's events are delivered in ledger order.
    func claim(limit: Int, now: Int64, leaseMilliseconds: Int64) throws -> [OutboxItem] {
        let skipLocked = connection.dialect == .postgres ? " FOR UPDATE SKIP LOCKED" : ""
        return try connection.execute(
            """
            UPDATE outbox SET claimed_until = ?
            WHERE id IN (
                SELECT id FROM outbox AS item
                WHERE state = 'pending' AND next_attempt_at <= ? AND (claimed_until IS NULL OR claimed_until < ?)
                AND NOT EXISTS (
                    SELECT 1 FROM outbox AS earlier
                    WHERE earlier.state = 'pending' AND earlier.bundle_id = item.bundle_id
                    AND earlier.subject = item.subject AND earlier.id < item.id)
                ORDER BY id LIMIT ?\(skipLocked))
            RETURNING id, bundle_id, event_cursor, kind, body, state, attempts, last_error, claimed_until
            """,
            .integer(now + leaseMilliseconds), .integer(now), .integer(now), .integer(Int64(limit))
        ).map(Self.item).sorted { $0.id < $1.id }
    }

    /// Extends the lease of a claimed item just before it is sent, if the lease is still the
    /// one this claim set and has not run out; false when another worker may own it now.
    func renewLease(of item: OutboxItem, now: Int64, leaseMilliseconds: Int64) throws -> Bool {
        guard let claimedUntil = item.claimedUntil else { return false }
        return try !connection.execute(
            """
            UPDATE outbox SET claimed_until = ?
            WHERE id = ? AND state = 'pending' AND claimed_until = ? AND claimed_until >= ?
            RETURNING id
            """,
            .integer(now + leaseMilliseconds), .integer(item.id), .integer(claimedUntil), .integer(now)
        ).isEmpty
    }

    func markDelivered(id: Int64, now: Int64) throws {
        try connection.execute(
            "UPDATE outbox SET state = 'delivered', delivered_at = ?, claimed_until = NULL, attempts = attempts + 1 WHERE id = ?",
            .integer(now), .integer(id))
    }

    /// Schedules the next attempt, or parks the item as dead when `nextAttemptAt` is nil.
    func markFailed(id: Int64, error: String, nextAttemptAt: Int64?) throws {
        if let nextAttemptAt {
            try connection.execute(
                """
                UPDATE outbox SET attempts = attempts + 1, last_error = ?, next_attempt_at = ?, claimed_until = NULL
                WHERE id = ?
                """,
                .text(error), .integer(nextAttemptAt), .integer(id))
        } else {
            try connection.execute(
                "UPDATE outbox SET attempts = attempts + 1, last_error = ?, state = 'dead', claimed_until = NULL WHERE id = ?",
                .text(error), .integer(id))
        }
    }

    func requeueDead(bundleId: String?, now: Int64) throws -> Int {
        try connection.execute(
            """
            UPDATE outbox SET state = 'pending', attempts = 0, next_attempt_at = ?, claimed_until = NULL
            WHERE state = 'dead' AND (? IS NULL OR bundle_id = ?) RETURNING id
            """,
            .integer(now), SQLValue(bundleId), SQLValue(bundleId)
        ).count
    }

    func items(state: OutboxItem.State, limit: Int) throws -> [OutboxItem] {
        try connection.execute(
            """
            SELECT id, bundle_id, event_cursor, kind, body, state, attempts, last_error FROM outbox
            WHERE state = ? ORDER BY id LIMIT ?
            """,
            .text(state.rawValue), .integer(Int64(limit))
        ).map(Self.item)
    }

    func counts() throws -> [OutboxItem.State: Int] {
        var counts: [OutboxItem.State: Int] = [.pending: 0, .delivered: 0, .dead: 0]
        for row in try connection.execute("SELECT state, COUNT(*) FROM outbox GROUP BY state") {
            if let state = OutboxItem.State(rawValue: row[0].text ?? "") { counts[state] = Int(row[1].integer ?? 0) }
        }
        return counts
    }

    /// When the oldest pending item was enqueued, if any is pending.
    func oldestPendingCreatedAt() throws -> Int64? {
        try connection.execute("SELECT MIN(created_at) FROM outbox WHERE state = 'pending'").first?[0].integer
    }

    private static func item(_ row: SQLRow) -> OutboxItem {
        OutboxItem(
            id: row[0].integer ?? 0, bundleId: row[1].text ?? "", eventCursor: row[2].integer ?? 0,
            kind: row[3].text ?? "", body: row[4].text ?? "",
            state: OutboxItem.State(rawValue: row[5].text ?? "") ?? .pending, attempts: Int(row[6].integer ?? 0),
            lastError: row[7].text, claimedUntil: row[8].integer)
    }
}

/// The JSON a backend receives. `eventId` is stable across retries; the feed's `cursor`
/// is not known yet when the event commits, so it is not part of the body.
package struct ForwardedEvent: Encodable {
    /// The body forwarded for `event`: what the outbox stores and `agekit simulate event` sends.
    package static func body(of event: LedgerEvent) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return [UInt8](try encoder.encode(ForwardedEvent(event)))
    }

    let event: LedgerEvent

    init(_ event: LedgerEvent) { self.event = event }

    /// The feed's fields, `null` when they have no value, with `eventId` for the cursor.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: LedgerEvent.JSONField.self)
        try container.encode("\(event.bundleId):\(event.cursor)", forKey: .eventId)
        try event.encodeFields(into: &container)
    }
}
