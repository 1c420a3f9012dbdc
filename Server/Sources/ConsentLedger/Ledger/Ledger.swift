import Synchronization

/// The consent ledger: notifications stored exactly once, accounts linked to app
/// transactions, consent revoked and restored, and the event log a backend polls.
/// Every effect of a notification commits in the same transaction as the notification.
package final class Ledger: Sendable {
    package let store: any LedgerStore
    /// Which events go to the outbox for forwarding to each app's backend.
    package let forwarding: ForwardingRules
    /// Digests of the signing headers known to be committed in `signing_headers`: a payload
    /// with one of these headers skips the header's insert.
    private let storedHeaders = Mutex<Set<String>>([])
    /// How long a caller waits for a commit before getting `store_timeout`.
    package let deadline: CommitDeadline
    /// The last notification the store failed to commit (unavailable or timed out), and when
    /// (milliseconds since 1970); nil once one commits again. The readiness probe's own small
    /// write can pass while notifications fail (a full disk still takes a page rewritten in
    /// place), so readiness follows this too.
    private let lastFailure = Mutex<(error: LedgerError, at: Int64)?>(nil)
    /// How long a failed notification keeps the store not ready without another failure:
    /// long enough to span the gaps between deliveries that keep failing, short enough that
    /// the probe's own write decides again soon after they stop (nothing else would clear it
    /// once a load balancer stops sending).
    package static let failureHoldMilliseconds: Int64 = 3_000

    /// Opens the ledger on a store and applies pending migrations.
    package init(
        store: any LedgerStore, forwarding: ForwardingRules = ForwardingRules(),
        commitDeadline: CommitDeadline = CommitDeadline(seconds: 5)
    ) throws(LedgerError) {
        self.store = store
        self.forwarding = forwarding
        self.deadline = commitDeadline
        try store.migrate(LedgerSchema.migrations)
    }

    /// Stores a verified notification and applies its effect; `completion` runs once the
    /// commit is durable.
    package func record(
        _ notification: NotificationRecord, receivedAt: Int64,
        completion: @escaping @Sendable (Result<RecordOutcome, LedgerError>) -> Void
    ) {
        // Packed here, on the caller's thread, not on the store's one writer.
        let payload = notification.signedParts.flatMap(PackedPayload.init)
        let storeHeader =
            payload.map { payload in !storedHeaders.withLock { $0.contains(payload.headerDigest) } } ?? false
        let completion = deadline.guarding(completion)
        store.write(
            { [forwarding] connection in
                try LedgerWrites(connection, now: receivedAt, forwarding: forwarding).record(
                    notification, payload: payload, storeHeader: storeHeader)
            },
            completion: { [self] result in
                // Known stored only once a commit holding it is: a rolled-back batch stores it again.
                if case .success = result, storeHeader, let payload {
                    storedHeaders.withLock { _ = $0.insert(payload.headerDigest) }
                }
                switch result {
                case .success: lastFailure.withLock { $0 = nil }
                case .failure(let error) where error.code == .unavailable || error.code == .timedOut:
                    lastFailure.withLock { $0 = (error, receivedAt) }
                case .failure: break
                }
                completion(result)
            })
    }

    /// Links an app transaction to an account (idempotent) and applies any revocation parked
    /// for it. Returns the account afterwards.
    package func registerAppTransaction(
        bundleId: String, accountId: String, appTransactionId: String, appAccountToken: String? = nil, at now: Int64,
        completion: @escaping @Sendable (Result<AccountState, LedgerError>) -> Void
    ) {
        store.write(
            { [forwarding] connection in
                let writes = LedgerWrites(connection, now: now, forwarding: forwarding)
                try writes.register(
                    bundleId: bundleId, accountId: accountId, appTransactionId: appTransactionId,
                    appAccountToken: appAccountToken)
                return try LedgerReads(connection).account(bundleId: bundleId, accountId: accountId)!
            }, completion: deadline.guarding(completion))
    }

    /// Makes a revoked account active again, with push allowed; the event records who did it.
    package func restore(
        bundleId: String, accountId: String, actor: String, reason: String?, at now: Int64,
        completion: @escaping @Sendable (Result<AccountState, LedgerError>) -> Void
    ) {
        store.write(
            { [forwarding] connection in
                try LedgerWrites(connection, now: now, forwarding: forwarding).restore(
                    bundleId: bundleId, accountId: accountId, actor: actor, reason: reason)
                guard let account = try LedgerReads(connection).account(bundleId: bundleId, accountId: accountId) else {
                    throw LedgerError(.accountNotFound, "no account '\(accountId)' in \(bundleId)")
                }
                return account
            }, completion: deadline.guarding(completion))
    }

    /// Why the last notification was not committed, if that was in the last
    /// ``failureHoldMilliseconds`` before `now` and none has been committed since.
    package func recentFailure(at now: Int64) -> LedgerError? {
        guard let failure = lastFailure.withLock({ $0 }), now - failure.at < Self.failureHoldMilliseconds else {
            return nil
        }
        return failure.error
    }

    /// Writes to the store and reports whether that worked: the readiness probe.
    package func checkWritable(at now: Int64, completion: @escaping @Sendable (Result<Bool, LedgerError>) -> Void) {
        let completion = deadline.guarding(completion)
        store.write(
            { connection in
                try connection.execute("UPDATE readiness SET checked_at = ? WHERE id = 1", .integer(now))
                return true
            }, completion: completion)
    }

    package func account(bundleId: String, accountId: String) throws(LedgerError) -> AccountState? {
        try store.read { connection in try LedgerReads(connection).account(bundleId: bundleId, accountId: accountId) }
    }

    /// A page of the event feed after `cursor`. Events committed since the last page are
    /// given their positions first (a short write, only when there are new events).
    package func events(bundleId: String, after cursor: Int64, limit: Int) throws(LedgerError) -> [LedgerEvent] {
        if try store.read({ connection in try EventSequencer(connection).hasWork() }) {
            try store.writeAndWait { connection in try EventSequencer(connection).run() }
        }
        return try store.read { connection in
            try LedgerReads(connection).events(bundleId: bundleId, after: cursor, limit: limit)
        }
    }

    package func notification(uuid: String) throws(LedgerError) -> StoredNotification? {
        try store.read { connection in try LedgerReads(connection).notification(uuid: uuid) }
    }

    package func notificationCount() throws(LedgerError) -> Int {
        try store.read { connection in
            Int(try connection.execute("SELECT COUNT(*) FROM notifications").first?[0].integer ?? 0)
        }
    }

    package func close() { store.close() }
}
