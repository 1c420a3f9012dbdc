/// Gives committed events their feed position, so that the feed never skips one.
///
/// Writers append events with an identity `cursor` and no position. With several writers
/// (PostgreSQL, any number of instances) cursors can commit out of order: a reader that has
/// seen cursor 12 may later see cursor 11 appear, and paging by `cursor > 12` would skip it.
/// Positions are given after commit instead, in one short transaction at a time: the
/// sequencer locks the `event_order` row (sequencers take turns; writers never wait for it),
/// then, in statements that see everything committed before the lock was granted, numbers
/// the unpositioned events above the last position given. A sequencer's positions are all
/// larger than those of the sequencers before it, and a reader that sees a sequencer's
/// commit sees the earlier ones too, so `position > after` pages without gaps.
///
/// Positions are `cursor + offset` for the events whose cursors lie in the range seen, so
/// they keep cursor order within one run and may leave holes between runs; an event that
/// commits late, with a cursor below that range, is placed by the next run.
struct EventSequencer {
    let connection: any SQLConnection

    init(_ connection: any SQLConnection) { self.connection = connection }

    /// True when some committed event has no position yet.
    func hasWork() throws -> Bool {
        !(try connection.execute("SELECT cursor FROM events WHERE position IS NULL LIMIT 1").isEmpty)
    }

    /// Positions every event committed so far; returns how many it positioned.
    @discardableResult
    func run() throws -> Int {
        guard
            let last = try connection.execute(
                "UPDATE event_order SET last_position = last_position WHERE id = 1 RETURNING last_position"
            ).first?[0].integer
        else { throw LedgerError(.invalidStore, "the event_order row is missing") }
        guard
            let range = try connection.execute(
                "SELECT MIN(cursor), MAX(cursor) FROM events WHERE position IS NULL"
            ).first, let low = range[0].integer, let high = range[1].integer
        else { return 0 }
        let offset = last - low + 1
        let positioned = try connection.execute(
            "UPDATE events SET position = cursor + ? WHERE position IS NULL AND cursor BETWEEN ? AND ? RETURNING cursor",
            .integer(offset), .integer(low), .integer(high))
        try connection.execute("UPDATE event_order SET last_position = ? WHERE id = 1", .integer(high + offset))
        return positioned.count
    }
}
