import Foundation
import Testing

@testable import ConsentLedger

@Suite("SQLite writer with gathered WAL writes")
struct WALGatheringVFSTests {
    /// A database file in a fresh directory, removed afterwards.
    final class Database {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("agekit-wal-\(UUID())")
        var path: String { directory.appendingPathComponent("test.sqlite").path }
        init() throws { try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true) }
        deinit { try? FileManager.default.removeItem(at: directory) }

        func writer() throws -> SQLiteConnection {
            let vfs = try #require(WALGatheringVFS.registeredName)
            let connection = try SQLiteConnection(path: path, busyTimeoutMilliseconds: 2_000, vfs: vfs)
            try connection.executeScript(
                "PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL; PRAGMA wal_autocheckpoint=0;")
            return connection
        }

        func reader() throws -> SQLiteConnection {
            try SQLiteConnection(path: path, busyTimeoutMilliseconds: 2_000)
        }
    }

    /// A row's text: long enough that a few rows fill a page, different for every row.
    static func text(_ row: Int, _ round: Int = 0) -> String {
        String(repeating: "\(row)-\(round)|", count: 150)
    }

    @Test func everyCommitIsVisibleAtOnceToAnotherConnection() throws {
        let database = try Database()
        let writer = try database.writer()
        try writer.executeScript("CREATE TABLE rows (id INTEGER PRIMARY KEY, body TEXT NOT NULL)")
        let reader = try database.reader()
        for row in 0..<300 {
            try writer.executeScript("BEGIN")
            try writer.execute(
                "INSERT INTO rows (id, body) VALUES (?, ?)", [.integer(Int64(row)), .text(Self.text(row))])
            try writer.executeScript("COMMIT")
            let seen = try reader.execute("SELECT body FROM rows WHERE id = ?", [.integer(Int64(row))])
            #expect(seen.first?[0].text == Self.text(row), "row \(row)")
        }
    }

    @Test func transactionsLargerThanTheBufferWithSpillsAndRewritesReadBackWhole() throws {
        let database = try Database()
        let writer = try database.writer()
        // A tiny page cache makes SQLite spill pages to the WAL inside the transaction and
        // read them back, and rewrite frames it already wrote.
        try writer.executeScript(
            "PRAGMA cache_size=8; CREATE TABLE rows (id INTEGER PRIMARY KEY, body TEXT NOT NULL)")
        let count = 2_000  // about 3.5 MB per round, many times the gathering buffer
        var updated: [Int: Int] = [:]  // row -> round of its last update
        for round in 0..<2 {
            updated.removeAll()  // every row is written again below
            try writer.executeScript("BEGIN")
            for row in 0..<count {
                try writer.execute(
                    "INSERT OR REPLACE INTO rows (id, body) VALUES (?, ?)",
                    [.integer(Int64(row)), .text(Self.text(row, round))])
            }
            // Rows in random order: some of their pages were just spilled, and are read back
            // from the WAL while gathered writes wait.
            var generator = SystemRandomNumberGenerator()
            for _ in 0..<1_000 {
                let row = Int.random(in: 0..<count, using: &generator)
                let body = Self.text(row, round + 10)
                try writer.execute("UPDATE rows SET body = ? WHERE id = ?", [.text(body), .integer(Int64(row))])
                let read = try writer.execute("SELECT body FROM rows WHERE id = ?", [.integer(Int64(row))])
                #expect(read.first?[0].text == body, "row \(row)")
                updated[row] = round + 10
            }
            try writer.executeScript("COMMIT")
        }
        let reader = try database.reader()
        let rows = try reader.execute("SELECT id, body FROM rows ORDER BY id", [])
        #expect(rows.count == count)
        let wrong = rows.filter { row in
            let id = Int(row[0].integer ?? -1)
            return row[1].text != Self.text(id, updated[id] ?? 1)
        }
        #expect(wrong.isEmpty, "\(wrong.count) rows differ")
        #expect(try reader.execute("PRAGMA integrity_check", []).first?[0].text == "ok")
    }

    @Test func aCheckpointAndAReopenKeepEverything() throws {
        let database = try Database()
        do {
            let writer = try database.writer()
            try writer.executeScript("CREATE TABLE rows (id INTEGER PRIMARY KEY, body TEXT NOT NULL)")
            for row in 0..<500 {
                try writer.execute(
                    "INSERT INTO rows (id, body) VALUES (?, ?)", [.integer(Int64(row)), .text(Self.text(row))])
                if row % 100 == 99 {
                    // Another connection checkpoints and the WAL starts over from its header.
                    let checkpointer = try database.reader()
                    try checkpointer.executeScript("PRAGMA wal_checkpoint(TRUNCATE)")
                }
            }
        }
        let reader = try database.reader()
        #expect(try reader.execute("SELECT count(*) FROM rows", []).first?[0].integer == 500)
        let last = try reader.execute("SELECT body FROM rows WHERE id = 499", [])
        #expect(last.first?[0].text == Self.text(499))
        #expect(try reader.execute("PRAGMA integrity_check", []).first?[0].text == "ok")
    }
}
