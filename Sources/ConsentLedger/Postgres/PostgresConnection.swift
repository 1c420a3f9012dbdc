internal import CPostgres
import Foundation

/// Why a PostgreSQL statement failed, as far as the pool must know.
enum PostgresFailure: Sendable, Equatable {
    /// The connection is gone (server restarted, backend terminated, network): reconnect.
    case connectionLost
    /// A serialization failure or a deadlock: the transaction was rolled back; run it again.
    case transactionRetryable
    /// The statement or its data is at fault: running it again would fail again.
    case statement
}

/// Owns one `PGconn` and the statements prepared on it. Not thread-safe: the store gives
/// each connection to one thread at a time.
final class PostgresConnection: SQLConnection {
    let dialect = SQLDialect.postgres
    private let handle: OpaquePointer
    /// Prepared statement name by the SQL text the ledger wrote (with `?` placeholders).
    private var statements: [String: String] = [:]
    /// Set when the last `execute` failed; the store reads it to decide on a retry.
    private(set) var lastFailure: PostgresFailure?

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
        handle = connection
        agekit_pq_silence_notices(handle)
    }

    deinit { PQfinish(handle) }

    /// False once libpq has seen the connection break.
    var isUsable: Bool { PQstatus(handle) == CONNECTION_OK }

    @discardableResult
    func execute(_ sql: String, _ parameters: [SQLValue]) throws(LedgerError) -> [SQLRow] {
        lastFailure = nil
        let result: OpaquePointer?
        if parameters.isEmpty && !Self.isPreparable(sql) {
            // Transaction control and schema changes: the simple protocol, nothing cached.
            result = PQexec(handle, sql)
        } else {
            let name = try prepared(sql)
            result = Self.withParameterValues(parameters) { values in
                PQexecPrepared(handle, name, Int32(parameters.count), values, nil, nil, 0)
            }
        }
        defer { PQclear(result) }
        guard let result else { throw failure(nil, sql) }
        switch PQresultStatus(result) {
        case PGRES_TUPLES_OK: return rows(result)
        case PGRES_COMMAND_OK, PGRES_EMPTY_QUERY: return []
        default: throw failure(result, sql)
        }
    }

    /// Commits the open transaction. PostgreSQL answers `COMMIT` in a failed transaction by
    /// rolling it back without an error: that must not pass for a durable write.
    func commit() throws(LedgerError) {
        lastFailure = nil
        let result = PQexec(handle, "COMMIT")
        defer { PQclear(result) }
        guard let result, PQresultStatus(result) == PGRES_COMMAND_OK else { throw failure(result, "COMMIT") }
        let status = String(cString: PQcmdStatus(result))
        guard status == "COMMIT" else {
            lastFailure = .statement
            throw LedgerError(.unavailable, "PostgreSQL rolled the transaction back instead of committing it")
        }
    }

    /// Prepares a statement the first time its text is seen, under a name of its own.
    private func prepared(_ sql: String) throws(LedgerError) -> String {
        if let name = statements[sql] { return name }
        let name = "agekit_\(statements.count + 1)"
        let result = PQprepare(handle, name, Self.numberedPlaceholders(sql), 0, nil)
        defer { PQclear(result) }
        guard let result, PQresultStatus(result) == PGRES_COMMAND_OK else { throw failure(result, sql) }
        statements[sql] = name
        return name
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
        return LedgerError(.unavailable, "PostgreSQL\(code): \(message) in '\(sql.prefix(60))'")
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

    /// Passes values in text format: integers as decimal text, NULL as a null pointer.
    private static func withParameterValues<R>(
        _ parameters: [SQLValue], _ body: (UnsafePointer<UnsafePointer<CChar>?>?) -> R
    ) -> R {
        guard !parameters.isEmpty else { return body(nil) }
        let owned: [UnsafeMutablePointer<CChar>?] = parameters.map { value in value.text.flatMap { strdup($0) } }
        defer { owned.forEach { free($0) } }
        let pointers: [UnsafePointer<CChar>?] = owned.map { $0.map { UnsafePointer($0) } }
        return pointers.withUnsafeBufferPointer { body($0.baseAddress) }
    }
}
