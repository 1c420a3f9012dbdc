import Foundation

/// The store that scales past one machine: a pool of libpq connections, one worker thread
/// each. A worker takes up to `batchSize` queued writes and runs them in one transaction
/// (group commit: one `COMMIT` and one WAL flush for all of them, see `perform`); a write
/// completes only after that `COMMIT` returns, which with `synchronous_commit=on` means the
/// commit is durable. Completions run on a dispatch queue, off the worker.
///
/// Several `agekit serve` processes may share one database: the ledger's writes lock the
/// app transaction they depend on (see `LedgerWrites`), migrations run under an advisory
/// lock, and the event feed is ordered after commit (see `EventSequencer`), so writers
/// never wait for one another to commit and PostgreSQL can group their commits.
///
/// When the server goes away, writes and reads fail with ``LedgerError/Code/unavailable``
/// (the HTTP server answers 503); the pool drops its dead connections and the next call
/// connects again, so the store recovers without a restart.
package final class PostgresStore: LedgerStore, @unchecked Sendable {
    // The pool's state is guarded by `condition`; a connection is used by one thread at a time.
    package let dialect = SQLDialect.postgres
    package let location: String
    private let configuration: PostgresConfiguration
    private let parameters: [(keyword: String, value: String)]
    private let condition = NSCondition()
    private let writes = WriteQueue(label: "agekit-postgres-completions")
    private var idle: [PostgresConnection] = []
    private var openConnections = 0
    private var runningWorkers = 0
    private var closed = false

    /// Connects once to check the server is there, then starts `poolSize` workers.
    package init(_ configuration: PostgresConfiguration) throws(LedgerError) {
        let (parameters, info) = try configuration.connectParameters()
        self.configuration = configuration
        self.parameters = parameters
        self.location = info.redactedDescription + (configuration.schema.map { " (schema \($0))" } ?? "")
        let first = try PostgresConnection(parameters: parameters)
        idle = [first]
        openConnections = 1
        runningWorkers = configuration.poolSize
        for index in 0..<configuration.poolSize {
            let thread = Thread { [self] in runWorker() }
            thread.name = "agekit-postgres-\(index)"
            thread.start()
        }
    }

    deinit { close() }

    package func write<T: Sendable>(
        _ body: @escaping @Sendable (any SQLConnection) throws -> T,
        completion: @escaping @Sendable (Result<T, LedgerError>) -> Void
    ) {
        writes.submit(body, completion: completion)
    }

    /// Runs `body` in a read-only repeatable-read transaction, so the several queries of one
    /// read see one snapshot. A read that loses its connection runs once more.
    package func read<T>(_ body: (any SQLConnection) throws -> T) throws(LedgerError) -> T {
        var attempt = 0
        while true {
            let connection = try checkout()
            do {
                try connection.executeLater("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", [])
                let value = try body(connection)
                try connection.commit()
                checkin(connection)
                return value
            } catch {
                let failure = connection.lastFailure
                abandon(connection)
                attempt += 1
                if failure == .connectionLost && attempt < 2 { continue }
                throw LedgerError.wrapping(error)
            }
        }
    }

    /// Applies migrations in one transaction under an advisory lock taken per schema, so
    /// instances that start together migrate once and the others see the result.
    package func migrate(_ migrations: [Migration]) throws(LedgerError) {
        try writeAndWait { connection in
            try connection.execute(
                "SELECT pg_advisory_xact_lock(\(Self.migrationLockKey), hashtext(COALESCE(current_schema(), '')))")
            return try Migrator(migrations).apply(on: connection)
        }
    }

    package func close() {
        condition.lock()
        if closed {
            condition.unlock()
            return
        }
        writes.close()
        while runningWorkers > 0 { condition.wait() }
        closed = true
        let connections = idle
        idle.removeAll()
        openConnections -= connections.count
        condition.broadcast()
        condition.unlock()
        _ = connections  // closed here, outside the lock
    }

    /// "agek" in ASCII: the first half of the migration advisory lock key.
    private static let migrationLockKey: Int32 = 0x6167_656B

    // MARK: - Workers

    private func runWorker() {
        while let batch = writes.nextBatch(limit: configuration.batchSize) {
            writes.complete(batch, with: perform(batch))
        }
        condition.lock()
        runningWorkers -= 1
        condition.broadcast()
        condition.unlock()
    }

    /// Runs a batch of writes in as few transactions as it can, one `COMMIT` each, by the
    /// rules of ``BatchCommit``, each transaction on a connection from the pool; returns one
    /// result per write, all final (every commit they depend on is durable). A connection
    /// that failed is rolled back, or dropped when it is gone, so the next transaction runs
    /// on a new one.
    private func perform(_ batch: [any PendingWrite]) -> [Result<WriteDelivery, LedgerError>] {
        var machine = BatchCommit<WriteDelivery>(count: batch.count, maxRetries: configuration.maxTransactionRetries)
        while case .transaction(let positions, let savepoints) = machine.next() {
            let connection: PostgresConnection
            do {
                connection = try checkout()
            } catch {
                machine.failWaiting(error)
                continue
            }
            let outcome = TransactionRun.run(positions.map { batch[$0] }, on: connection, savepoints: savepoints)
            if case .committed = outcome { checkin(connection) } else { abandon(connection) }
            machine.record(outcome)
        }
        guard case .finished(let results) = machine.next() else { return [] }
        return results
    }

    // MARK: - The pool

    /// An idle connection, or a new one while the pool has room; waits otherwise.
    private func checkout() throws(LedgerError) -> PostgresConnection {
        condition.lock()
        while true {
            if closed {
                condition.unlock()
                throw LedgerError(.unavailable, "the store is closed")
            }
            if let connection = idle.popLast() {
                condition.unlock()
                return connection
            }
            if openConnections < configuration.poolSize { break }
            condition.wait()
        }
        openConnections += 1
        condition.unlock()
        do {
            return try PostgresConnection(parameters: parameters)
        } catch {
            condition.lock()
            openConnections -= 1
            condition.broadcast()
            condition.unlock()
            throw error
        }
    }

    private func checkin(_ connection: PostgresConnection) {
        condition.lock()
        if closed || !connection.isUsable {
            openConnections -= 1
        } else {
            idle.append(connection)
        }
        condition.broadcast()
        condition.unlock()
    }

    /// Returns a connection after a failure: rolls back what is left of its transaction, or,
    /// when the connection is gone, drops it and every idle one (a restarted server has
    /// closed them all), so the next caller connects afresh.
    private func abandon(_ connection: PostgresConnection) {
        if connection.lastFailure != .connectionLost && connection.isUsable {
            _ = try? connection.execute("ROLLBACK", [])
        }
        guard connection.lastFailure == .connectionLost || !connection.isUsable else {
            checkin(connection)
            return
        }
        condition.lock()
        let dropped = idle
        idle.removeAll()
        openConnections -= dropped.count + 1
        condition.broadcast()
        condition.unlock()
        _ = dropped
    }
}
