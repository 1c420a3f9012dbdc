import Foundation

/// The embedded store: one writer thread that groups concurrent writes into one durable
/// commit (WAL, `synchronous=FULL`), and a small pool of reader connections.
public final class SQLiteStore: LedgerStore, @unchecked Sendable {
    // `closed`, `writerFinished` and `writer` are guarded by `condition`; connections are used
    // by one thread at a time.
    public let dialect = SQLDialect.sqlite
    public let location: String
    private let path: String
    private let busyTimeoutMilliseconds: Int32
    private let maxBatch: Int
    private let condition = NSCondition()
    private let writes = WriteQueue(label: "agekit-sqlite-completions")
    private var closed = false
    private var writerFinished = false
    private var writer: SQLiteConnection?
    private var readers: [SQLiteConnection] = []
    private let readerLock = NSLock()
    private let checkpointer: SQLiteCheckpointer?

    /// Opens `path` (":memory:" keeps everything in one shared in-memory database). Under
    /// steady writes the WAL is started over once it holds `walRestartFrames` pages (16 MiB).
    public init(
        path: String, busyTimeoutMilliseconds: Int32 = 2_000, maxBatch: Int = 256, walRestartFrames: Int = 4_096
    ) throws(LedgerError) {
        // Readers must see the writer's in-memory database: memdb shares it by name, without
        // shared-cache table locks.
        self.path =
            path == ":memory:"
            ? "file:/agekit-memory-\(UInt64.random(in: 0...UInt64.max))?vfs=memdb" : path
        self.location = "sqlite:\(path)"
        self.busyTimeoutMilliseconds = busyTimeoutMilliseconds
        self.maxBatch = maxBatch
        // Only the writer gathers its WAL writes: see WALGatheringVFS.
        let writer = try SQLiteConnection(
            path: self.path, busyTimeoutMilliseconds: busyTimeoutMilliseconds,
            vfs: path == ":memory:" ? nil : WALGatheringVFS.registeredName)
        if path != ":memory:" {
            // Checkpoints run on their own connection, so commits never wait for one.
            try writer.executeScript("PRAGMA journal_mode=WAL; PRAGMA wal_autocheckpoint=0;")
            checkpointer = try SQLiteCheckpointer(
                connection: SQLiteConnection(path: self.path, busyTimeoutMilliseconds: busyTimeoutMilliseconds),
                restartFrames: walRestartFrames)
        } else {
            checkpointer = nil
        }
        // Inside a transaction SQLite keeps the pages a statement or a savepoint may have to
        // restore in a statement journal: a temporary file by default, two `pwrite` calls per
        // page (with a savepoint per write, 2.5 times the WAL's own writes). In memory they
        // cost no system call; they live only until the statement or savepoint ends, and
        // durability rests on the WAL alone.
        try writer.executeScript("PRAGMA synchronous=FULL; PRAGMA foreign_keys=ON; PRAGMA temp_store=MEMORY;")
        self.writer = writer
        let thread = Thread { [self] in runWriter() }
        thread.name = "agekit-sqlite-writer"
        thread.start()
    }

    deinit { close() }

    public func write(
        _ body: @escaping @Sendable (any SQLConnection) throws -> any Sendable,
        completion: @escaping @Sendable (Result<any Sendable, LedgerError>) -> Void
    ) {
        writes.submit(body, completion: completion)
    }

    public func read<T>(_ body: (any SQLConnection) throws -> T) throws(LedgerError) -> T {
        let connection = try takeReader()
        defer { returnReader(connection) }
        do {
            return try body(connection)
        } catch {
            throw LedgerError.wrapping(error)
        }
    }

    public func migrate(_ migrations: [Migration]) throws(LedgerError) {
        try writeAndWait { connection in try Migrator(migrations).apply(on: connection) }
    }

    public func close() {
        condition.lock()
        if closed {
            condition.unlock()
            return
        }
        writes.close()
        while !writerFinished { condition.wait() }
        closed = true
        condition.unlock()
        checkpointer?.stop()
        readerLock.lock()
        readers.removeAll()
        readerLock.unlock()
    }

    // MARK: - The writer thread

    private func runWriter() {
        while let batch = writes.nextBatch(limit: maxBatch) {
            commit(batch)
        }
        condition.lock()
        writer = nil
        writerFinished = true
        condition.broadcast()
        condition.unlock()
    }

    /// One transaction for the whole batch. It first runs without savepoints (each costs two
    /// statements per write); when a write fails, that transaction is rolled back and the
    /// batch runs again with a savepoint per write, so the failing write is undone alone and
    /// the others commit. Write bodies only touch the database, so running one twice is safe.
    private func commit(_ batch: [PendingWrite]) {
        guard let connection = writer else { return }
        var outcome = transaction(batch, on: connection, savepoints: batch.count == 1)
        if case .retryWithSavepoints = outcome {
            outcome = transaction(batch, on: connection, savepoints: true)
        }
        switch outcome {
        case .committed(let results):
            checkpointer?.committed(writes: batch.count)
            writes.complete(batch, with: results)
            if checkpointer?.takeRestart() == true { _ = connection.checkpointPassively() }
        case .failed(let error):
            writes.complete(batch, with: batch.map { _ in .failure(error) })
        case .retryWithSavepoints:
            break  // not returned when savepoints are on
        }
    }

    private enum TransactionOutcome {
        case committed([Result<any Sendable, LedgerError>])
        /// A write failed without savepoints: rolled back, nothing committed.
        case retryWithSavepoints
        /// `BEGIN` or `COMMIT` failed: nothing committed, every write fails.
        case failed(LedgerError)
    }

    private func transaction(
        _ batch: [PendingWrite], on connection: SQLiteConnection, savepoints: Bool
    ) -> TransactionOutcome {
        do {
            try connection.execute("BEGIN IMMEDIATE", [])
        } catch {
            return .failed(error)
        }
        var results: [Result<any Sendable, LedgerError>] = []
        results.reserveCapacity(batch.count)
        for pending in batch {
            do {
                if savepoints { try connection.execute("SAVEPOINT agekit_write", []) }
                let value = try pending.body(connection)
                if savepoints { try connection.execute("RELEASE agekit_write", []) }
                results.append(.success(value))
            } catch {
                guard savepoints else {
                    _ = try? connection.execute("ROLLBACK", [])
                    return .retryWithSavepoints
                }
                _ = try? connection.execute("ROLLBACK TO agekit_write", [])
                _ = try? connection.execute("RELEASE agekit_write", [])
                results.append(.failure(LedgerError.wrapping(error)))
            }
        }
        do {
            try connection.execute("COMMIT", [])
        } catch {
            _ = try? connection.execute("ROLLBACK", [])
            return .failed(error)
        }
        return .committed(results)
    }

    // MARK: - Readers

    private func takeReader() throws(LedgerError) -> SQLiteConnection {
        readerLock.lock()
        let reader = readers.popLast()
        readerLock.unlock()
        if let reader { return reader }
        let connection = try SQLiteConnection(path: path, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
        try connection.executeScript("PRAGMA query_only=ON;")
        return connection
    }

    private func returnReader(_ connection: SQLiteConnection) {
        readerLock.lock()
        if readers.count < 8 { readers.append(connection) }
        readerLock.unlock()
    }
}
