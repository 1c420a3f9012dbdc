/// The outbox as the forwarder and `agekit events` use it. Blocking calls: they run on
/// the forwarder's own threads, never on a request path.
extension Ledger {
    package func claimOutbox(limit: Int, now: Int64, leaseMilliseconds: Int64) throws(LedgerError) -> [OutboxItem] {
        try store.writeAndWait { connection in
            try Outbox(connection).claim(limit: limit, now: now, leaseMilliseconds: leaseMilliseconds)
        }
    }

    /// Extends a claimed item's lease before it is sent; false when the claim was lost (the
    /// lease ran out while earlier items of the batch were sent, and another worker may own it).
    package func renewLease(of item: OutboxItem, now: Int64, leaseMilliseconds: Int64) throws(LedgerError) -> Bool {
        try store.writeAndWait { connection in
            try Outbox(connection).renewLease(of: item, now: now, leaseMilliseconds: leaseMilliseconds)
        }
    }

    package func markDelivered(_ id: Int64, at now: Int64) throws(LedgerError) {
        try store.writeAndWait { connection in try Outbox(connection).markDelivered(id: id, now: now) }
    }

    /// `nextAttemptAt` nil parks the item as dead, keeping `error` as its last error.
    package func markFailed(_ id: Int64, error: String, nextAttemptAt: Int64?) throws(LedgerError) {
        try store.writeAndWait { connection in
            try Outbox(connection).markFailed(id: id, error: error, nextAttemptAt: nextAttemptAt)
        }
    }

    /// Puts dead items back in the queue (all apps when `bundleId` is nil); returns how many.
    @discardableResult
    package func requeueDead(bundleId: String?, at now: Int64) throws(LedgerError) -> Int {
        try store.writeAndWait { connection in try Outbox(connection).requeueDead(bundleId: bundleId, now: now) }
    }

    package func outboxItems(state: OutboxItem.State, limit: Int = 100) throws(LedgerError) -> [OutboxItem] {
        try store.read { connection in try Outbox(connection).items(state: state, limit: limit) }
    }

    package func outboxCounts() throws(LedgerError) -> [OutboxItem.State: Int] {
        try store.read { connection in try Outbox(connection).counts() }
    }

    /// When the oldest pending item was enqueued (milliseconds since 1970), if any is pending.
    package func outboxOldestPending() throws(LedgerError) -> Int64? {
        try store.read { connection in try Outbox(connection).oldestPendingCreatedAt() }
    }
}
