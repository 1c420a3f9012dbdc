/// Which of the ledger's migrations a store has, read without applying any: what
/// `agekit check` reports before `serve` would migrate.
package struct SchemaStatus: Sendable {
    package let applied: [Int]
    package let pending: [Migration]

    /// Reads the store's migration table (none applied when it does not exist yet).
    package static func read(_ store: any LedgerStore) throws(LedgerError) -> SchemaStatus {
        let table = "agekit_schema_migrations"
        let exists =
            store.dialect == .sqlite
            ? "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '\(table)'"
            : "SELECT 1 FROM information_schema.tables WHERE table_schema = current_schema() AND table_name = '\(table)'"
        let applied: [Int] = try store.read { connection in
            guard try !connection.execute(exists).isEmpty else { return [] }
            return try connection.execute("SELECT version FROM \(table) ORDER BY version").compactMap {
                $0[0].integer.map(Int.init)
            }
        }
        let pending = LedgerSchema.migrations.filter { !applied.contains($0.version) }
        return SchemaStatus(applied: applied, pending: pending)
    }
}
