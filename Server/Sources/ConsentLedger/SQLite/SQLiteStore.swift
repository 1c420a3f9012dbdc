import Foundation
import ServerTime

/// The embedded store: one writer thread that groups concurrent writes into one durable
/// commit (WAL, `synchronous=FULL`), and a small pool of reader connections.
package final class SQLiteStore: LedgerStore, @unchecked Sendable {
    // `closed`, `writerFinished` and `writer` are guarded by `condition`; connections are used
    // by one thread at a time.
    package let dialect = SQLDialect.sqlite
    package let location: String
    private let path: String
    private let busyTimeoutMilliseconds: Int32
    private let maxBatch: Int
    private let condition = NSCondition()
    private let writes = WriteQueue(label: "agekit-sqlite-completions")
    private var closed = false
    /// True until `init` starts the writer, so that a store whose `init` threw has no thread
    /// for `close` to wait for: waiting for one that never started hung a bad store path.
    private var writerFinished = true
    private var writer: SQLiteConnection?
    private var readers: [SQLiteConnection] = []
    /// Bumped when the files are opened again: readers of an older generation are dropped.
    private var readerGeneration = 0
    /// Whether the shared-memory index was writable when the connections opened it: SQLite
    /// maps it read-write then, and a write to that mapping once the file turned immutable
    /// is a SIGBUS (see `SQLiteFiles.unwritableIndex`). Guarded by `readerLock`.
    private var indexMappedWritable = true
    private let readerLock = NSLock()
    // The writer thread alone touches these (and `close` once the writer has finished).
    private var checkpointer: SQLiteCheckpointer?
    private let walRestartFrames: Int
    private var files: SQLiteFiles?
    /// Set when the files were deleted or replaced: every write fails (503) until the files
    /// are opened again.
    private var broken: String?
    /// Monotonic seconds of the last reopening, on `clock`.
    private var lastReopen = 0.0
    private let clock: any ServerClock
    private var migrations: [Migration] = []

    /// Opens `path` (":memory:" keeps everything in one shared in-memory database). Under
    /// steady writes the WAL is started over once it holds `walRestartFrames` pages (16 MiB).
    package init(
        path: String, busyTimeoutMilliseconds: Int32 = 2_000, maxBatch: Int = 256, walRestartFrames: Int = 4_096,
        clock: any ServerClock = SystemClock()
    ) throws(LedgerError) {
        // Readers must see the writer's in-memory database: memdb shares it by name, without
        // shared-cache table locks.
        self.path =
            path == ":memory:"
            ? "file:/agekit-memory-\(UInt64.random(in: 0...UInt64.max))?vfs=memdb" : path
        self.location = "sqlite:\(path)"
        self.busyTimeoutMilliseconds = busyTimeoutMilliseconds
        self.maxBatch = maxBatch
        self.walRestartFrames = walRestartFrames
        self.clock = clock
        files = path == ":memory:" ? nil : SQLiteFiles(path: path)
        indexMappedWritable = files == nil || SQLiteFiles.unwritableIndex(path: path) == nil
        let (writer, checkpointer) = try Self.openWriter(
            path: self.path, onDisk: files != nil, busyTimeoutMilliseconds: busyTimeoutMilliseconds,
            walRestartFrames: walRestartFrames, clock: clock)
        self.writer = writer
        self.checkpointer = checkpointer
        let thread = Thread { [self] in runWriter() }
        thread.name = "agekit-sqlite-writer"
        condition.lock()
        writerFinished = false
        condition.unlock()
        thread.start()
    }

    deinit { close() }

    /// The writer connection and, on disk, the checkpointer on a connection of its own (so
    /// commits never wait for a checkpoint).
    private static func openWriter(
        path: String, onDisk: Bool, busyTimeoutMilliseconds: Int32, walRestartFrames: Int, clock: any ServerClock
    ) throws(LedgerError) -> (SQLiteConnection, SQLiteCheckpointer?) {
        if onDisk { SQLiteFiles.prepare(path: path) }
        // Only the writer gathers its WAL writes: see WALGatheringVFS.
        let writer = try SQLiteConnection(
            path: path, busyTimeoutMilliseconds: busyTimeoutMilliseconds,
            vfs: onDisk ? WALGatheringVFS.registeredName : nil)
        var checkpointer: SQLiteCheckpointer?
        if onDisk {
            try writer.executeScript("PRAGMA journal_mode=WAL; PRAGMA wal_autocheckpoint=0;")
            checkpointer = try SQLiteCheckpointer(
                connection: SQLiteConnection(path: path, busyTimeoutMilliseconds: busyTimeoutMilliseconds),
                indexPath: path, restartFrames: walRestartFrames, clock: clock)
        }
        // Inside a transaction SQLite keeps the pages a statement or a savepoint may have to
        // restore in a statement journal: a temporary file by default, two `pwrite` calls per
        // page (with a savepoint per write, 2.5 times the WAL's own writes). In memory they
        // cost no system call; they live only until the statement or savepoint ends, and
        // durability rests on the WAL alone.
        try writer.executeScript("PRAGMA synchronous=FULL; PRAGMA foreign_keys=ON; PRAGMA temp_store=MEMORY;")
        return (writer, checkpointer)
    }

    package func write<T: Sendable>(
        _ body: @escaping @Sendable (any SQLConnection) throws -> T,
        completion: @escaping @Sendable (Result<T, LedgerError>) -> Void
    ) {
        writes.submit(body, completion: completion)
    }

    package func read<T>(_ body: (any SQLConnection) throws -> T) throws(LedgerError) -> T {
        if let reason = untouchableIndex() { throw LedgerError(.unavailable, "\(reason); not read") }
        let (connection, generation) = try takeReader()
        defer { returnReader(connection, generation: generation) }
        do {
            return try body(connection)
        } catch {
            throw LedgerError.wrapping(error)
        }
    }

    package func migrate(_ migrations: [Migration]) throws(LedgerError) {
        try writeAndWait { [self] connection in
            self.migrations = migrations  // on the writer thread: a reopened file gets them too
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

    /// The batch by the rules of ``BatchCommit``, each transaction on the one writer
    /// connection. A transaction that committed to files no path names any more is not
    /// acknowledged (see `SQLiteFiles.replaced`): its outcome counts as lost.
    private func commit(_ batch: [any PendingWrite]) {
        // The index turned unwritable under its read-write mapping: no connection may touch
        // it until it is writable again (then the same connections go on).
        if let reason = untouchableIndex() { return fail(batch, "\(reason); not stored (retried once a second)") }
        // Read-only: opened again once it can be written; until then SQLite refuses the
        // writes itself (and a batch that only reads, like migrations already applied, runs).
        if writer == nil || writer?.isReadOnly == true { _ = reopen() }
        if let reason = broken, !reopen() { return fail(batch, "\(reason); not stored (retried once a second)") }
        guard let connection = writer else {
            return fail(batch, "the database could not be opened again; not stored (retried once a second)")
        }
        var machine = BatchCommit<WriteDelivery>(count: batch.count, maxRetries: 0)
        while case .transaction(let positions, let savepoints) = machine.next() {
            var outcome = TransactionRun.run(positions.map { batch[$0] }, on: connection, savepoints: savepoints)
            if case .committed = outcome, let reason = files?.replaced() {
                // Committed to files no path names any more: not acknowledged. Reopening
                // first copies what they hold back under the path (see `reopen`).
                broken = reason
                lastReopen = clock.monotonic()
                outcome = .commitLost(LedgerError(.unavailable, "\(reason); not stored"))
            }
            if case .rolledBack = outcome { _ = try? connection.execute("ROLLBACK", []) }
            machine.record(outcome)
        }
        guard case .finished(let results) = machine.next() else { return }
        if machine.committedAny && broken == nil {
            files?.remember()
            checkpointer?.committed(writes: batch.count)
        }
        writes.complete(batch, with: results)
        if checkpointer?.takeRestart() == true { _ = connection.checkpointPassively() }
    }

    private func fail(_ batch: [any PendingWrite], _ reason: String) {
        writes.fail(batch, with: LedgerError(.unavailable, reason))
    }

    /// Why no connection may touch the files now, or nil.
    private func untouchableIndex() -> String? {
        readerLock.lock()
        let mappedWritable = indexMappedWritable
        readerLock.unlock()
        guard mappedWritable, let files else { return nil }
        return SQLiteFiles.unwritableIndex(path: files.path)
    }

    /// Opens the files again, at most once a second, after they were deleted, replaced or
    /// found read-only; true when the store works again. What the old files hold is kept
    /// first: a deleted database is copied back to its path from the still-open one
    /// (`VACUUM INTO`), and a WAL that is gone is checkpointed into the database file.
    private func reopen() -> Bool {
        let now = clock.monotonic()
        guard now - lastReopen >= 1, files != nil else { return false }
        lastReopen = now
        // Opened while the index cannot be written, SQLite would map it read-only again, and
        // each try would leave a descriptor behind (SQLite keeps a closed file's descriptor
        // while another connection holds a lock on it).
        if SQLiteFiles.unwritableIndex(path: path) != nil { return false }
        if let old = writer, !old.isReadOnly {
            if access(path, F_OK) != 0 {
                _ = try? old.execute("VACUUM INTO ?", [.text(path)])
            } else {
                _ = try? old.execute("PRAGMA wal_checkpoint(TRUNCATE)", [])
            }
        }
        // Every connection closed first: a process's connections share one mapping of the
        // index, so a new one opened beside a read-only one would inherit its mapping.
        checkpointer?.stop()
        (writer, checkpointer) = (nil, nil)
        readerLock.lock()
        readers.removeAll()
        readerGeneration += 1
        indexMappedWritable = true
        readerLock.unlock()
        do {
            (writer, checkpointer) = try Self.openWriter(
                path: path, onDisk: true, busyTimeoutMilliseconds: busyTimeoutMilliseconds,
                walRestartFrames: walRestartFrames, clock: clock)
            // Still read-only: kept, so that batches that only read run, and tried again later.
            guard let opened = writer, !opened.isReadOnly else { return false }
            try opened.execute("BEGIN IMMEDIATE", [])
            do {
                _ = try Migrator(migrations).apply(on: opened)
                try opened.execute("COMMIT", [])
            } catch {
                _ = try? opened.execute("ROLLBACK", [])
                throw error
            }
        } catch {
            return false
        }
        files?.forget()
        files?.remember()
        broken = nil
        return true
    }

    // MARK: - Readers

    private func takeReader() throws(LedgerError) -> (SQLiteConnection, Int) {
        readerLock.lock()
        let reader = readers.popLast()
        let generation = readerGeneration
        readerLock.unlock()
        if let reader { return (reader, generation) }
        let connection = try SQLiteConnection(path: path, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
        try connection.executeScript("PRAGMA query_only=ON;")
        return (connection, generation)
    }

    private func returnReader(_ connection: SQLiteConnection, generation: Int) {
        readerLock.lock()
        if readers.count < 8, generation == readerGeneration { readers.append(connection) }
        readerLock.unlock()
    }
}
