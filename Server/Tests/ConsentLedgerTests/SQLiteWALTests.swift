import Foundation
import Synchronization
import TestSupport
import Testing

@testable import ConsentLedger

/// SQLite starts its WAL over only when a write transaction begins with every frame already
/// in the database file: under writes that never pause, the store has to arrange it.
@Suite("SQLite store: the WAL under writes that never pause")
struct SQLiteWALTests {
    @Test("the WAL is started over and stays small, and every write is stored")
    func walStartsOver() throws {
        let directory = TestScratch.root.appendingPathComponent("agekit-wal-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("ledger.sqlite").path
        // Small batches make many commits; about 4 pages a commit, 2,500 frames (10 MiB) in
        // all, which the WAL would hold at the end if it were never started over.
        let store = try SQLiteStore(path: path, maxBatch: 8, walRestartFrames: 128)
        defer { store.close() }
        try store.migrate([
            Migration(
                version: 1, name: "rows", statements: ["CREATE TABLE rows (id INTEGER PRIMARY KEY, body TEXT NOT NULL)"]
            )
        ])

        let count = 3_000
        let body = String(repeating: "x", count: 3_000)
        let group = DispatchGroup()
        let failures = Atomic<Int>(0)
        let largestWAL = Atomic<Int>(0)
        // Queued at once, faster than they commit: the writer never waits for work.
        for index in 0..<count {
            group.enter()
            store.write({ connection in
                try connection.execute("INSERT INTO rows (body) VALUES (?)", .text(body))
            }) { result in
                if case .failure = result { failures.add(1, ordering: .relaxed) }
                if index % 100 == 0 { largestWAL.max(Self.size(of: path + "-wal"), ordering: .relaxed) }
                group.leave()
            }
        }
        group.wait()

        #expect(failures.load(ordering: .relaxed) == 0)
        let stored = try store.read { connection in try connection.execute("SELECT COUNT(*) FROM rows") }
        #expect(stored.first?[0].integer == Int64(count))
        // 128 frames, plus those of the writes between two checkpoints (every 256 writes).
        let largest = max(largestWAL.load(ordering: .relaxed), Self.size(of: path + "-wal"))
        #expect(largest > 0)
        #expect(largest < 4 << 20, "the WAL grew to \(largest) bytes")
    }

    private static func size(of path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
    }
}
