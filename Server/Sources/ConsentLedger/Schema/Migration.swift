import Foundation

/// One versioned schema change. Applied once, in version order, recorded in
/// `agekit_schema_migrations`; the same list serves every backend.
package struct Migration: Sendable {
    package let version: Int
    package let name: String
    /// The statements, with `{{id}}` standing for the dialect's identity primary key.
    package let statements: [String]
    /// Run after `statements` on PostgreSQL only: storage tuning SQLite has no words for.
    package let postgresStatements: [String]

    package init(version: Int, name: String, statements: [String], postgresStatements: [String] = []) {
        self.version = version
        self.name = name
        self.statements = statements
        self.postgresStatements = postgresStatements
    }

    func sql(for dialect: SQLDialect) -> [String] {
        let all = dialect == .postgres ? statements + postgresStatements : statements
        return all.map { $0.replacingOccurrences(of: "{{id}}", with: dialect.identityPrimaryKey) }
    }
}

/// Applies the migrations a database has not seen yet.
struct Migrator {
    let migrations: [Migration]

    init(_ migrations: [Migration]) {
        self.migrations = migrations.sorted { $0.version < $1.version }
    }

    /// Runs inside the caller's transaction, so a failing migration leaves nothing behind.
    func apply(on connection: any SQLConnection) throws -> [Int] {
        try connection.execute(
            "CREATE TABLE IF NOT EXISTS agekit_schema_migrations (version BIGINT PRIMARY KEY, name TEXT NOT NULL)")
        let applied = Set(
            try connection.execute("SELECT version FROM agekit_schema_migrations").compactMap { $0[0].integer })
        if let newest = applied.max(), let known = migrations.last?.version, newest > Int64(known) {
            throw LedgerError(
                .invalidStore, "the database has schema version \(newest), newer than this agekit knows (\(known))")
        }
        var ran: [Int] = []
        for migration in migrations where !applied.contains(Int64(migration.version)) {
            for statement in migration.sql(for: connection.dialect) {
                try connection.execute(statement)
            }
            try connection.execute(
                "INSERT INTO agekit_schema_migrations (version, name) VALUES (?, ?)",
                .integer(Int64(migration.version)), .text(migration.name))
            ran.append(migration.version)
        }
        return ran
    }
}
