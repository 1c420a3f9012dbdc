internal import CPostgres
import Foundation

/// Owns one `PGconn` and the statements prepared on it. Not thread-safe: the store gives
/// each connection to one thread at a time.
///
/// The connection stays in libpq's pipeline mode. `execute` sends its statement behind the
/// ones `executeLater` queued (and behind the `Parse` of a statement seen for the first
/// time), then one `Sync`, and reads every result back: one round trip for all of them. A
/// queued statement that failed makes the server skip the rest up to the `Sync`; its error
/// is the one thrown.
final class PostgresConnection: SQLConnection {
    let dialect = SQLDialect.postgres
    private let handle: OpaquePointer
    /// Prepared statement name by the SQL text the ledger wrote (with `?` placeholders).
    private var statements: [String: String] = [:]
    private var preparedCount = 0
    /// Messages sent since the last `Sync`, whose results are still to be read.
    private var unread: [Sent] = []
    /// Set when the last round trip failed; the store reads it to decide on a retry.
    private(set) var lastFailure: StatementFailure?
    /// `Sync`s sent so far: the round trips this connection waited for.
    private(set) var roundTrips = 0
    /// After a failed ``commit()``: false when a statement before `COMMIT` failed, so the
    /// server skipped the `COMMIT` and nothing of the transaction is left; true when the
    /// outcome of the `COMMIT` itself is unknown.
    private(set) var commitReached = false
    /// The message of the last round trip that failed first, counted from its first message.
    private var failedPosition = 0

    private struct Sent {
        let sql: String
        /// True for the `Parse` of a new prepared statement, false for the statement itself.
        let prepares: Bool
    }

    /// Connects with libpq keywords, in order: a later keyword overrides an earlier one, and
    /// a `dbname` holding a URL or `key=value` string is expanded in place.
    init(parameters: [(keyword: String, value: String)]) throws(LedgerError) {
        let keywords = parameters.map { strdup($0.keyword) }
        let values = parameters.map { strdup($0.value) }
        defer {
            keywords.forEach { free($0) }
            values.forEach { free($0) }
        }
        let keywordPointers = keywords.map { UnsafePointer($0) } + [nil]
        let valuePointers = values.map { UnsafePointer($0) } + [nil]
        guard let connection = PQconnectdbParams(keywordPointers, valuePointers, 1) else {
            throw LedgerError(.unavailable, "PostgreSQL: cannot allocate a connection")
        }
        guard PQstatus(connection) == CONNECTION_OK else {
            let message = Self.trimmed(PQerrorMessage(connection))
            PQfinish(connection)
            throw LedgerError(.unavailable, "cannot connect to PostgreSQL: \(message)")
        }
        guard PQenterPipelineMode(connection) == 1 else {
            let message = Self.trimmed(PQerrorMessage(connection))
            PQfinish(connection)
            throw LedgerError(.unavailable, "PostgreSQL: cannot enter pipeline mode: \(message)")
        }
        handle = connection
        agekit_pq_silence_notices(handle)
    }

    deinit { PQfinish(handle) }

    /// False once libpq has seen the connection break.
    var isUsable: Bool { PQstatus(handle) == CONNECTION_OK }

    @discardableResult
    func execute(_ sql: String, _ parameters: [SQLValue]) throws(LedgerError) -> [SQLRow] {
        try send(sql, parameters)
        return try sync().rows
    }

    func executeLater(_ sql: String, _ parameters: [SQLValue]) throws(LedgerError) {
        try send(sql, parameters)
    }

    /// Commits the open transaction. PostgreSQL answers `COMMIT` in a failed transaction by
    /// rolling it back without an error: that must not pass for a durable write.
    func commit() throws(LedgerError) {
        commitReached = false
        try send("COMMIT", [])
        let commitPosition = unread.count - 1
        let status: String
        do {
            status = try sync().status
        } catch {
            commitReached = failedPosition >= commitPosition
            throw error
        }
        commitReached = true
        guard status == "COMMIT" else {
            lastFailure = .statement
            // Only a failed statement of its own makes PostgreSQL roll a COMMIT back: no retry mends it.
            throw LedgerError(.rejected, "PostgreSQL rolled the transaction back instead of committing it")
        }
    }

    /// Queues one statement (with its `Parse` the first time its text is seen); nothing is
    /// read until ``sync()``.
    private func send(_ sql: String, _ parameters: [SQLValue]) throws(LedgerError) {
        let sent: Int32
        if parameters.isEmpty && !Self.isPreparable(sql) {
            // Transaction control and schema changes: run once, nothing cached.
            sent = PQsendQueryParams(handle, sql, 0, nil, nil, nil, nil, 0)
        } else {
            let name: String
            if let known = statements[sql] {
                name = known
            } else {
                preparedCount += 1
                name = "agekit_\(preparedCount)"
                guard PQsendPrepare(handle, name, Self.numberedPlaceholders(sql), 0, nil) == 1 else {
                    throw lost(sql)
                }
                statements[sql] = name
                unread.append(Sent(sql: sql, prepares: true))
            }
            sent = Self.withParameters(parameters) { values, lengths, formats in
                PQsendQueryPrepared(handle, name, Int32(parameters.count), values, lengths, formats, 0)
            }
        }
        guard sent == 1 else { throw lost(sql) }
        unread.append(Sent(sql: sql, prepares: false))
    }

    /// Sends `Sync` and reads every result since the last one: the rows and command status
    /// of the last statement, or the first failure.
    private func sync() throws(LedgerError) -> (rows: [SQLRow], status: String) {
        lastFailure = nil
        roundTrips += 1
        let sent = unread
        unread = []
        guard PQpipelineSync(handle) == 1 else {
            failedPosition = sent.count
            throw lost(sent.last?.sql ?? "Sync")
        }
        var firstError: LedgerError?
        var rows: [SQLRow] = []
        var status = ""
        var position = 0  // the message whose results come next; each ends with a nil result
        while true {
            guard let result = PQgetResult(handle) else {
                position += 1
                if position > sent.count || !isUsable {
                    // The connection broke with results missing: whatever failed first, this is
                    // what the store must act on.
                    if firstError == nil { failedPosition = sent.count }
                    firstError = lost(sent.last?.sql ?? "Sync")
                    break
                }
                continue
            }
            let resultStatus = PQresultStatus(result)
            if resultStatus == PGRES_PIPELINE_SYNC {
                PQclear(result)
                break
            }
            switch resultStatus {
            case PGRES_TUPLES_OK, PGRES_COMMAND_OK, PGRES_EMPTY_QUERY:
                if position == sent.count - 1 {
                    rows = resultStatus == PGRES_TUPLES_OK ? self.rows(result) : []
                    status = String(cString: PQcmdStatus(result))
                }
            case PGRES_PIPELINE_ABORTED:
                break  // skipped after the first failure
            default:
                if firstError == nil {
                    firstError = failure(result, position < sent.count ? sent[position].sql : "Sync")
                    failedPosition = position
                }
            }
            PQclear(result)
        }
        guard let firstError else { return (rows, status) }
        // A `Parse` at or after the failure may not have run: prepare those again next time.
        for message in sent where message.prepares { statements[message.sql] = nil }
        throw firstError  // `failure` set `lastFailure`
    }

    private func lost(_ sql: String) -> LedgerError {
        failure(nil, sql)
    }

    /// Reads typed values: integer columns as `.integer`, booleans as 0 or 1, the rest as text.
    private func rows(_ result: OpaquePointer) -> [SQLRow] {
        let rowCount = PQntuples(result)
        let columnCount = PQnfields(result)
        let types = (0..<columnCount).map { PQftype(result, $0) }
        var rows: [SQLRow] = []
        rows.reserveCapacity(Int(rowCount))
        for row in 0..<rowCount {
            var values: [SQLValue] = []
            values.reserveCapacity(Int(columnCount))
            for column in 0..<columnCount {
                guard PQgetisnull(result, row, column) == 0, let raw = PQgetvalue(result, row, column) else {
                    values.append(.null)
                    continue
                }
                let text = String(cString: raw)
                switch types[Int(column)] {
                case Self.int8, Self.int4, Self.int2: values.append(Int64(text).map(SQLValue.integer) ?? .text(text))
                case Self.bool: values.append(.integer(text == "t" ? 1 : 0))
                default: values.append(.text(text))
                }
            }
            rows.append(SQLRow(values))
        }
        return rows
    }

    private func failure(_ result: OpaquePointer?, _ sql: String) -> LedgerError {
        let state = result.flatMap { agekit_pq_sqlstate($0) }.map { String(cString: $0) } ?? ""
        var message = result.map { Self.trimmed(PQresultErrorMessage($0)) } ?? ""
        if message.isEmpty { message = Self.trimmed(PQerrorMessage(handle)) }
        if result == nil || !isUsable || state.hasPrefix("08") || ["57P01", "57P02", "57P03"].contains(state) {
            lastFailure = .connectionLost
        } else if state == "40001" || state == "40P01" {
            lastFailure = .transactionRetryable
        } else {
            lastFailure = .statement
        }
        let code = state.isEmpty ? "" : " [\(state)]"
        let classified = lastFailure == .statement ? LedgerError.sqlstateCode(state) : .unavailable
        return LedgerError(
            classified, "PostgreSQL\(code): \(message) in '\(sql.prefix(60))'",
            databaseCode: state.isEmpty ? nil : .sqlstate(state))
    }

    private static let int8: Oid = 20
    private static let int2: Oid = 21
    private static let int4: Oid = 23
    private static let bool: Oid = 16

    private static func trimmed(_ message: UnsafePointer<CChar>?) -> String {
        guard let message else { return "" }
        return String(cString: message).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Statements worth preparing; everything else runs once (BEGIN, CREATE TABLE, ...).
    static func isPreparable(_ sql: String) -> Bool {
        let keyword = sql.drop { $0.isWhitespace }.prefix { $0.isLetter }.uppercased()
        return ["SELECT", "INSERT", "UPDATE", "DELETE", "WITH", "VALUES"].contains(keyword)
    }

    /// Rewrites `?` placeholders to `$1`, `$2`, ... outside quoted strings and identifiers.
    static func numberedPlaceholders(_ sql: String) -> String {
        var output = ""
        output.reserveCapacity(sql.utf8.count + 16)
        var quote: Character?
        var index = 0
        for character in sql {
            if let open = quote {
                if character == open { quote = nil }
                output.append(character)
            } else if character == "'" || character == "\"" {
                quote = character
                output.append(character)
            } else if character == "?" {
                index += 1
                output += "$\(index)"
            } else {
                output.append(character)
            }
        }
        return output
    }

    /// Passes values in text format (integers as decimal text, NULL as a null pointer), and
    /// ``SQLValue/utf8(_:)`` bytes where they lie, with their length, in the binary format of
    /// `text`, which is its UTF-8 bytes (libpq reads a text-format value up to a NUL only).
    /// libpq copies every value into its send buffer before it returns.
    private static func withParameters<R>(
        _ parameters: [SQLValue],
        _ body: (UnsafePointer<UnsafePointer<CChar>?>?, UnsafePointer<Int32>?, UnsafePointer<Int32>?) -> R
    ) -> R {
        guard !parameters.isEmpty else { return body(nil, nil, nil) }
        let owned: [UnsafeMutablePointer<CChar>?] = parameters.map { value in
            if case .utf8 = value { return nil }
            return value.text.flatMap { strdup($0) }
        }
        defer { owned.forEach { free($0) } }
        var pointers: [UnsafePointer<CChar>?] = owned.map { $0.map { UnsafePointer($0) } }
        var lengths = [Int32](repeating: 0, count: parameters.count)
        var formats = [Int32](repeating: 0, count: parameters.count)
        // Each run of bytes is bound inside its own access, so all are valid when `body` runs.
        func withBytes(from start: Int) -> R {
            guard let index = parameters[start...].firstIndex(where: \.isUTF8),
                case .utf8(let bytes) = parameters[index]
            else {
                return pointers.withUnsafeBufferPointer { pointers in
                    lengths.withUnsafeBufferPointer { lengths in
                        formats.withUnsafeBufferPointer {
                            body(pointers.baseAddress, lengths.baseAddress, $0.baseAddress)
                        }
                    }
                }
            }
            return bytes.withUnsafeBytes { buffer in
                // Empty bytes still need an address: a null pointer is SQL NULL.
                let start = buffer.baseAddress ?? UnsafeRawPointer(Self.empty.utf8Start)
                pointers[index] = start.assumingMemoryBound(to: CChar.self)
                (lengths[index], formats[index]) = (Int32(buffer.count), 1)
                return withBytes(from: index + 1)
            }
        }
        return withBytes(from: 0)
    }

    private static let empty: StaticString = ""
}

extension PostgresConnection: CommitConnection {
    /// Sent with the first statement: no round trip of its own.
    func begin() throws(LedgerError) { try executeLater("BEGIN", []) }

    var lastStatementFailure: StatementFailure { isUsable ? (lastFailure ?? .statement) : .connectionLost }

    /// The connection broke once `COMMIT` had been sent.
    var commitOutcomeUnknown: Bool { lastStatementFailure == .connectionLost && commitReached }
}
