import Foundation

/// Copies the WAL back into the database file on a thread of its own. With automatic
/// checkpoints the writer would stop every few hundred commits to copy pages and sync the
/// database file; a passive checkpoint here never blocks a commit.
final class SQLiteCheckpointer: @unchecked Sendable {
    // `pendingWrites` and `running` are guarded by `condition`; the connection is used only
    // by the checkpoint thread.
    private let connection: SQLiteConnection
    private let condition = NSCondition()
    private var pendingWrites = 0
    private var running = true
    private var finished = false
    /// Writes committed since the last checkpoint that make one worthwhile.
    private let threshold: Int

    init(connection: SQLiteConnection, threshold: Int = 256) throws(LedgerError) {
        self.connection = connection
        self.threshold = threshold
        let thread = Thread { [self] in run() }
        thread.name = "agekit-sqlite-checkpoint"
        thread.start()
    }

    /// Called by the writer after each commit; never blocks.
    func committed(writes: Int) {
        condition.lock()
        pendingWrites += writes
        if pendingWrites >= threshold { condition.signal() }
        condition.unlock()
    }

    /// Runs a last checkpoint and stops the thread.
    func stop() {
        condition.lock()
        running = false
        condition.signal()
        while !finished { condition.wait() }
        condition.unlock()
    }

    private func run() {
        condition.lock()
        while running {
            // Also checkpoint a quiet database once a second, so the WAL stays small.
            _ = condition.wait(until: Date().addingTimeInterval(1))
            guard pendingWrites > 0 else { continue }
            pendingWrites = 0
            condition.unlock()
            try? connection.executeScript("PRAGMA wal_checkpoint(PASSIVE);")
            condition.lock()
        }
        condition.unlock()
        try? connection.executeScript("PRAGMA wal_checkpoint(PASSIVE);")
        condition.lock()
        finished = true
        condition.broadcast()
        condition.unlock()
    }
}
