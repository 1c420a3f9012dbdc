internal import CSQLite
import Foundation

/// Owns one `sqlite3` handle and its cached statements. Not thread-safe: the store gives
/// each connection to one thread at a time.
final class SQLiteConnection: SQLConnection {
    let dialect = SQLDialect.sqlite
    private let handle: OpaquePointer
    private var statements: [String: OpaquePointer] = [:]

    /// Opens (creating if needed) a database file, or an in-memory one for ":memory:";
    /// through the VFS named `vfs`, or the default one.
    init(path: String, busyTimeoutMilliseconds: Int32, vfs: String? = nil) throws(LedgerError) {
        var opened: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_URI
        let status = sqlite3_open_v2(path, &opened, flags, vfs)
        guard status == SQLITE_OK, let opened else {
            let message = opened.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close_v2(opened)
            throw LedgerError(.unavailable, "cannot open SQLite database '\(path)': \(message)")
        }
        handle = opened
        sqlite3_busy_timeout(handle, busyTimeoutMilliseconds)
        sqlite3_extended_result_codes(handle, 1)
    }

    deinit {
        for statement in statements.values { sqlite3_finalize(statement) }
        sqlite3_close_v2(handle)
    }

    @discardableResult
    func execute(_ sql: String, _ parameters: [SQLValue]) throws(LedgerError) -> [SQLRow] {
        let statement = try prepared(sql)
        defer {
            sqlite3_reset(statement)
            sqlite3_clear_bindings(statement)
        }
        for (offset, value) in parameters.enumerated() {
            let index = Int32(offset + 1)
            let status: Int32
            switch value {
            case .null: status = sqlite3_bind_null(statement, index)
            case .integer(let integer): status = sqlite3_bind_int64(statement, index, integer)
            case .text(let text):
                status =
                    text.utf8.withContiguousStorageIfAvailable { bytes in
                        bytes.withMemoryRebound(to: CChar.self) { chars in
                            agekit_sqlite3_bind_text_transient(statement, index, chars.baseAddress, Int32(chars.count))
                        }
                    } ?? agekit_sqlite3_bind_text_transient(statement, index, text, -1)
            case .utf8(let bytes):
                status = bytes.withUnsafeBytes { bytes in
                    // No bytes may come without an address, which would bind NULL: empty text instead.
                    guard let start = bytes.baseAddress else {
                        return agekit_sqlite3_bind_text_transient(statement, index, "", 0)
                    }
                    return agekit_sqlite3_bind_text_transient(
                        statement, index, start.assumingMemoryBound(to: CChar.self), Int32(bytes.count))
                }
            }
            guard status == SQLITE_OK else { throw failure(status, sql) }
        }
        var rows: [SQLRow] = []
        while true {
            let status = sqlite3_step(statement)
            if status == SQLITE_DONE { break }
            guard status == SQLITE_ROW else { throw failure(status, sql) }
            rows.append(row(statement))
        }
        return rows
    }

    /// True when SQLite could open the file for reading only (permissions, an immutable
    /// file, a read-only mount): every write will fail until the file is opened again.
    var isReadOnly: Bool { sqlite3_db_readonly(handle, "main") == 1 }

    /// In process there is no round trip to save: runs now.
    func executeLater(_ sql: String, _ parameters: [SQLValue]) throws(LedgerError) {
        _ = try execute(sql, parameters)
    }

    /// Counts the changes instead of returning a row: SQLite keeps a `RETURNING` statement's
    /// rows in a temporary table, a B-tree opened and closed for each execution.
    func insertUnlessConflicting(_ sql: String, _ parameters: [SQLValue]) throws(LedgerError) -> Bool {
        try execute(sql, parameters)
        return sqlite3_changes64(handle) > 0
    }

    /// A passive checkpoint, which never waits: the WAL's frames, and how many of them are
    /// in the database file now; nil when it did not run (another checkpoint was running).
    /// The pragma, unlike `sqlite3_wal_checkpoint_v2`, also works on a connection that has
    /// not read the database yet.
    func checkpointPassively() -> (frames: Int, copied: Int)? {
        guard let row = try? execute("PRAGMA wal_checkpoint(PASSIVE)", []).first, row[0].integer == 0,
            let frames = row[1].integer, let copied = row[2].integer
        else { return nil }
        return (Int(frames), Int(copied))
    }

    /// Runs several `;`-separated statements without parameters (migrations, pragmas).
    /// Pragmas at open can meet another connection's lock on the WAL index in ways the busy
    /// handler does not cover: they are retried for up to `retryMilliseconds`.
    func executeScript(_ sql: String, retryMilliseconds: Int = 2_000) throws(LedgerError) {
        var message: UnsafeMutablePointer<CChar>?
        var status = sqlite3_exec(handle, sql, nil, nil, &message)
        var waited = 0
        while (status & 0xFF == SQLITE_BUSY || status & 0xFF == SQLITE_LOCKED) && waited < retryMilliseconds {
            sqlite3_free(message)
            message = nil
            usleep(20_000)
            waited += 20
            status = sqlite3_exec(handle, sql, nil, nil, &message)
        }
        guard status == SQLITE_OK else {
            let text = message.map { String(cString: $0) } ?? "status \(status)"
            sqlite3_free(message)
            throw LedgerError(.unavailable, "SQLite: \(text)")
        }
    }

    private func prepared(_ sql: String) throws(LedgerError) -> OpaquePointer {
        if let statement = statements[sql] { return statement }
        var statement: OpaquePointer?
        let status = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
        guard status == SQLITE_OK, let statement else { throw failure(status, sql) }
        statements[sql] = statement
        return statement
    }

    private func row(_ statement: OpaquePointer) -> SQLRow {
        let count = sqlite3_column_count(statement)
        var values: [SQLValue] = []
        values.reserveCapacity(Int(count))
        for column in 0..<count {
            switch sqlite3_column_type(statement, column) {
            case SQLITE_INTEGER: values.append(.integer(sqlite3_column_int64(statement, column)))
            case SQLITE_NULL: values.append(.null)
            default:
                if let text = sqlite3_column_text(statement, column) {
                    values.append(.text(String(cString: text)))
                } else {
                    values.append(.null)
                }
            }
        }
        return SQLRow(values)
    }

    private func failure(_ status: Int32, _ sql: String) -> LedgerError {
        let message = String(cString: sqlite3_errmsg(handle))
        let statement = sql.prefix(60)
        return LedgerError(
            LedgerError.sqliteCode(status), "SQLite error \(status) (\(message)) in '\(statement)'",
            databaseCode: .sqlite(status))
    }
}

extension SQLiteConnection: CommitConnection {
    /// Takes the write lock at once, so that a busy database fails the transaction before
    /// any write ran.
    func begin() throws(LedgerError) { try execute("BEGIN IMMEDIATE", []) }

    func commit() throws(LedgerError) { try execute("COMMIT", []) }

    /// One writer, no server: a failure is the statement's or the file's, never a lost
    /// connection or a conflict with another transaction.
    var lastStatementFailure: StatementFailure { .statement }

    var commitOutcomeUnknown: Bool { false }
}
