import Foundation

extension ServerProcess {
    /// Starts another process that takes the SQLite database's write lock and keeps it for
    /// `seconds`; returns once the lock is held. Wait for the process before the test ends.
    func holdWriteLock(seconds: Int) throws -> Process {
        let locker = Process()
        locker.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        locker.arguments = [
            "python3", "-c",
            "import sqlite3,sys,time; c=sqlite3.connect(sys.argv[1], isolation_level=None); "
                + "c.execute('BEGIN IMMEDIATE'); print('locked', flush=True); time.sleep(\(seconds))",
            databasePath,
        ]
        let output = Pipe()
        locker.standardOutput = output
        try locker.run()
        _ = output.fileHandleForReading.readSomeRetryingInterrupts()  // waits for "locked"
        return locker
    }
}
