import Foundation
import ServerTime

/// Copies the WAL back into the database file on a thread of its own. With automatic
/// checkpoints the writer would stop every few hundred commits to copy pages and sync the
/// database file; a passive checkpoint here never blocks a commit.
///
/// It also keeps the WAL from growing without end. SQLite starts the WAL over only when a
/// write transaction begins with every frame already in the database file, which never
/// happens under steady load: the writer commits while a checkpoint copies. The WAL would
/// grow by some 5 KB a notification as long as the load lasts, appending (allocating
/// blocks) instead of overwriting, and a crash would leave all of it to replay. Once a
/// checkpoint finds the WAL past ``restartFrames``, the writer is asked to copy the frames
/// of the commits since (a few) between two of its transactions: the next one starts the
/// WAL over.
final class SQLiteCheckpointer: @unchecked Sendable {
    // `pendingWrites`, `running` and `restartDue` are guarded by `condition`; the connection
    // is used only by the checkpoint thread.
    /// Let go once the thread has finished: the thread's block keeps this object alive as long
    /// as Foundation keeps the thread, and a connection kept with it would keep SQLite's
    /// mapping of the index as it was (read-only, say) for every later connection.
    private var connection: SQLiteConnection?
    private let condition = NSCondition()
    private var pendingWrites = 0
    private var running = true
    private var finished = false
    private var restartDue = false
    /// Writes committed since the last checkpoint that make one worthwhile.
    private let threshold: Int
    /// WAL frames past which it is started over.
    private let restartFrames: Int
    /// The database whose shared-memory index is checked before each checkpoint (see
    /// `SQLiteFiles.unwritableIndex`).
    private let indexPath: String
    /// The once-a-second wait ends at its wall time (a condition waits until a date).
    private let clock: any ServerClock

    init(
        connection: SQLiteConnection, indexPath: String, threshold: Int = 256, restartFrames: Int,
        clock: any ServerClock
    ) throws(LedgerError) {
        self.connection = connection
        self.clock = clock
        self.indexPath = indexPath
        self.threshold = threshold
        self.restartFrames = restartFrames
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

    /// Called by the writer between transactions: true once, when it should checkpoint so
    /// that its next transaction starts the WAL over.
    func takeRestart() -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard restartDue else { return false }
        restartDue = false
        return true
    }

    /// Runs a last checkpoint and stops the thread.
    func stop() {
        condition.lock()
        running = false
        condition.signal()
        while !finished { condition.wait() }
        connection = nil
        condition.unlock()
    }

    private func run() {
        condition.lock()
        while running {
            // Also checkpoint a quiet database once a second, so the WAL stays small.
            _ = condition.wait(until: clock.date().addingTimeInterval(1))
            guard pendingWrites > 0 else { continue }
            pendingWrites = 0
            condition.unlock()
            let readyToRestart = checkpoint()
            condition.lock()
            if readyToRestart { restartDue = true }
        }
        condition.unlock()
        if SQLiteFiles.unwritableIndex(path: indexPath) == nil { _ = connection?.checkpointPassively() }
        condition.lock()
        finished = true
        condition.broadcast()
        condition.unlock()
    }

    /// A passive checkpoint; true when the WAL is past ``restartFrames`` and the writer
    /// should start it over. A checkpoint copies the frames committed before it began; the
    /// writer copies those committed during it, holding every commit meanwhile. So before
    /// asking, up to three more checkpoints catch up, each copying what the one before let
    /// pass, until one copies 64 frames or fewer. (The writer's share then is mostly the
    /// database file's sync: 3 to 23 ms on the benchmark machine, a few times a second.)
    private func checkpoint() -> Bool {
        guard SQLiteFiles.unwritableIndex(path: indexPath) == nil else { return false }
        guard let connection, var last = connection.checkpointPassively(), last.frames >= restartFrames else {
            return false
        }
        for _ in 0..<3 {
            guard let next = connection.checkpointPassively() else { break }
            let caughtUp = next.frames - last.frames
            last = next
            if caughtUp <= 64 { break }
        }
        return true
    }
}
