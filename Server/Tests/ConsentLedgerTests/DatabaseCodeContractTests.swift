import ConsentLedger
import Foundation
import Testing

@Suite("Ledger contract: a database failure keeps the database's own code")
struct DatabaseCodeContractTests {
    @Test(
        "a unique violation is rejected, with SQLite's extended result code or PostgreSQL's SQLSTATE",
        arguments: StoreBackend.allCases)
    func uniqueViolation(backend: StoreBackend) throws {
        let store = try backend.makeStore()
        defer { store.close() }
        try store.writeAndWait { connection in
            try connection.execute("CREATE TABLE coded (name TEXT UNIQUE)")
            try connection.execute("INSERT INTO coded VALUES ('a')")
        }
        do {
            try store.writeAndWait { connection in try connection.execute("INSERT INTO coded VALUES ('a')") }
            Issue.record("the second row was stored")
        } catch {
            #expect(error.code == .rejected)
            let expected: LedgerError.DatabaseCode = backend == .postgres ? .sqlstate("23505") : .sqlite(2067)
            #expect(error.databaseCode == expected, "\(error)")
        }
    }

    @Test("a failure that is not the database's carries no database code")
    func notTheDatabase() {
        #expect(LedgerError(.timedOut, "past the deadline").databaseCode == nil)
    }
}
