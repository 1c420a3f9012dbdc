/// One database connection. The ledger's SQL is written once with `?` placeholders in the
/// subset SQLite and PostgreSQL share; each driver adapts placeholders and types.
package protocol SQLConnection: AnyObject {
    var dialect: SQLDialect { get }
    /// Runs one statement (prepared and cached by its text) and returns its rows.
    @discardableResult
    func execute(_ sql: String, _ parameters: [SQLValue]) throws(LedgerError) -> [SQLRow]
    /// Runs a statement whose rows the caller does not need. A driver may send it together
    /// with the next statement that needs rows (PostgreSQL pipelines them in one round trip)
    /// and report its failure from there, at the latest from `COMMIT`: by the end of the
    /// transaction the effect is the same as `execute`'s.
    func executeLater(_ sql: String, _ parameters: [SQLValue]) throws(LedgerError)
    /// Runs an `INSERT ... ON CONFLICT DO NOTHING` and tells whether it inserted a row.
    func insertUnlessConflicting(_ sql: String, _ parameters: [SQLValue]) throws(LedgerError) -> Bool
}

extension SQLConnection {
    @discardableResult
    package func execute(_ sql: String, _ parameters: SQLValue...) throws(LedgerError) -> [SQLRow] {
        try execute(sql, parameters)
    }

    package func executeLater(_ sql: String, _ parameters: SQLValue...) throws(LedgerError) {
        try executeLater(sql, parameters)
    }

    package func insertUnlessConflicting(_ sql: String, _ parameters: [SQLValue]) throws(LedgerError) -> Bool {
        try !execute(sql + " RETURNING 1", parameters).isEmpty
    }
}

/// Where the backends' SQL differs.
package enum SQLDialect: String, Sendable {
    case sqlite, postgres

    /// An auto-incrementing 64-bit primary key column type.
    var identityPrimaryKey: String {
        switch self {
        case .sqlite: "INTEGER PRIMARY KEY AUTOINCREMENT"
        case .postgres: "BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY"
        }
    }
}
