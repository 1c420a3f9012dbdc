import Foundation

/// The store that scales past one machine: a pool of libpq connections shared by worker
/// threads. Each write is one transaction (`BEGIN`, body, `COMMIT`) and completes only after
/// `COMMIT` returns, which with `synchronous_commit=on` means the commit is durable.
///
/// Several `agekit serve` processes may share one database: the ledger's writes lock the
/// app transaction they depend on (see `LedgerWrites`), migrations run under an advisory
/// lock, and the event feed is ordered after commit (see `EventSequencer`), so writers
/// never wait for one another to commit and PostgreSQL can group their commits.
///
/// When the server goes away, writes and reads fail with ``LedgerError/Code/unavailable``
/// (the HTTP server answers 503); the pool drops its dead connections and the next call
/// connects again, so the store recovers without a restart.
public final class PostgresStore: LedgerStore, @unchecked Sendable {
    // Mutable state is guarded by `condition`; a connection is used by one thread at a time.
    public let dialect = SQLDialect.postgres
    public let location: String
    private let configuration: PostgresConfiguration
    private let parameters: [(keyword: String, value: String)]
    private let condition = NSCondition()
    private var queue: [PendingWrite] = []
    private var idle: [PostgresConnection] = []
    private var openConnections = 0
    private var runningWorkers = 0
    private var closing = false
    private var closed = false

    /// Connects once to check the server is there, then starts `poolSize` workers.
    public init(_ configuration: PostgresConfiguration) throws(LedgerError) {
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

    public func write(
        _ body: @escaping @Sendable (any SQLConnection) throws -> any Sendable,
        completion: @escaping @Sendable (Result<any Sendable, LedgerError>) -> Void
    ) {
        condition.lock()
        guard !closing else {
            condition.unlock()
            completion(.failure(LedgerError(.unavailable, "the store is closing")))
            return
        }
        queue.append(PendingWrite(body: body, completion: completion))
        condition.broadcast()
        condition.unlock()
    }

    /// Runs `body` in a read-only repeatable-read transaction, so the several queries of one
    /// read see one snapshot. A read that loses its connection runs once more.
    public func read<T>(_ body: (any SQLConnection) throws -> T) throws(LedgerError) -> T {
        var attempt = 0
        while true {
            let connection = try checkout()
            do {
                try connection.execute("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", [])
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
    public func migrate(_ migrations: [Migration]) throws(LedgerError) {
        try writeAndWait { connection in
            try connection.execute(
                "SELECT pg_advisory_xact_lock(\(Self.migrationLockKey), hashtext(COALESCE(current_schema(), '')))")
            return try Migrator(migrations).apply(on: connection)
        }
    }

    public func close() {
        condition.lock()
        if closed {
            condition.unlock()
            return
        }
        closing = true
        condition.broadcast()
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
        while let pending = nextWrite() {
            pending.completion(perform(pending.body))
        }
        condition.lock()
        runningWorkers -= 1
        condition.broadcast()
        condition.unlock()
    }

    /// Waits for work; nil once closing and drained.
    private func nextWrite() -> PendingWrite? {
        condition.lock()
        defer { condition.unlock() }
        while queue.isEmpty && !closing { condition.wait() }
        return queue.isEmpty ? nil : queue.removeFirst()
    }

    /// Runs one write, again in a new transaction when that is safe: after a deadlock or a
    /// serialization failure (PostgreSQL rolled it back), or after the connection broke
    /// before `COMMIT` was sent. A connection lost during `COMMIT` leaves the outcome
    /// unknown: that write fails with `.unavailable` and the caller retries it (the ledger's
    /// writes are idempotent by notification UUID).
    private func perform(
        _ body: @Sendable (any SQLConnection) throws -> any Sendable
    ) -> Result<any Sendable, LedgerError> {
        var lostConnections = 0
        var conflicts = 0
        while true {
            let connection: PostgresConnection
            do {
                connection = try checkout()
            } catch {
                return .failure(error)
            }
            var committing = false
            do {
                try connection.execute("BEGIN", [])
                let value = try body(connection)
                committing = true
                try connection.commit()
                checkin(connection)
                return .success(value)
            } catch {
                let failure = connection.lastFailure
                abandon(connection)
                switch failure {
                case .connectionLost where !committing && lostConnections == 0:
                    lostConnections += 1
                case .transactionRetryable where conflicts < configuration.maxTransactionRetries:
                    conflicts += 1
                default:
                    return .failure(LedgerError.wrapping(error))
                }
            }
        }
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

private struct PendingWrite {
    let body: @Sendable (any SQLConnection) throws -> any Sendable
    let completion: @Sendable (Result<any Sendable, LedgerError>) -> Void
}
