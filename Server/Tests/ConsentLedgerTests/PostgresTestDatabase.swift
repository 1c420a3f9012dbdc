import Foundation
import Synchronization
import Testing

@testable import ConsentLedger

/// The PostgreSQL server the contract suite runs against: `AGEKIT_TEST_POSTGRES_URL`
/// (`scripts/test` starts a throwaway cluster and sets it). Without it the PostgreSQL
/// cases are skipped with a message, except under `CI=true`, where they fail: CI must run them.
enum PostgresTestServer {
    static let url: String? = {
        let value = ProcessInfo.processInfo.environment["AGEKIT_TEST_POSTGRES_URL"] ?? ""
        return value.isEmpty ? nil : value
    }()

    static var isCI: Bool { ProcessInfo.processInfo.environment["CI"] == "true" }

    /// The server URL, or a skip (a failure under CI) that says why.
    static func requireURL() throws -> String {
        if let url { return url }
        if isCI {
            throw SkipRefused(
                "CI=true but AGEKIT_TEST_POSTGRES_URL is not set: CI must run the PostgreSQL contract cases "
                    + "(scripts/test starts a throwaway cluster)")
        }
        _ = announceSkip
        try Test.cancel("PostgreSQL case skipped: \(skipReason)")
    }

    private static let skipReason =
        "AGEKIT_TEST_POSTGRES_URL is not set (scripts/test starts a throwaway cluster and sets it)"

    /// Cancelled cases of a parameterized test are not listed in the console: say it once.
    private static let announceSkip: Void = {
        FileHandle.standardError.write(Data("note: PostgreSQL contract cases skipped: \(skipReason)\n".utf8))
    }()

    /// A connection for setting up and tearing down what a test needs.
    static func admin() throws -> PostgresConnection {
        try PostgresConnection(parameters: [("dbname", requireURL())])
    }

    /// A fresh schema for one test, dropped when the last store using it closes.
    static func temporarySchema() throws -> TemporarySchema {
        let name = "agekit_test_\(UInt64.random(in: 0...UInt64.max))"
        try admin().execute("CREATE SCHEMA \(name)")
        return TemporarySchema(name: name, url: try requireURL())
    }

    /// A store on `schema`, with a small pool so that many tests fit in one server.
    static func store(on schema: TemporarySchema, poolSize: Int = 4) throws -> TemporarySchemaStore {
        schema.retain()
        do {
            let store = try PostgresStore(
                // A loaded test run can be slow to fork backends: wait longer than the default.
                PostgresConfiguration(
                    connection: schema.url, poolSize: poolSize, schema: schema.name, connectTimeoutSeconds: 30))
            return TemporarySchemaStore(base: store, schema: schema)
        } catch {
            schema.release()
            throw error
        }
    }
}

struct SkipRefused: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// A schema that lives while stores use it.
final class TemporarySchema: Sendable {
    let name: String
    let url: String
    private let users = Mutex(0)

    init(name: String, url: String) {
        self.name = name
        self.url = url
    }

    func retain() { users.withLock { $0 += 1 } }

    func release() {
        let last = users.withLock { count in
            count -= 1
            return count == 0
        }
        if last { _ = try? PostgresTestServer.admin().execute("DROP SCHEMA IF EXISTS \(name) CASCADE") }
    }
}

/// A PostgreSQL store that gives its schema back when it closes.
final class TemporarySchemaStore: LedgerStore {
    let base: PostgresStore
    let schema: TemporarySchema
    private let closed = Mutex(false)

    init(base: PostgresStore, schema: TemporarySchema) {
        self.base = base
        self.schema = schema
    }

    var dialect: SQLDialect { base.dialect }
    var location: String { base.location }

    func write<T: Sendable>(
        _ body: @escaping @Sendable (any SQLConnection) throws -> T,
        completion: @escaping @Sendable (Result<T, LedgerError>) -> Void
    ) {
        base.write(body, completion: completion)
    }

    func read<T>(_ body: (any SQLConnection) throws -> T) throws(LedgerError) -> T { try base.read(body) }

    func migrate(_ migrations: [Migration]) throws(LedgerError) { try base.migrate(migrations) }

    func close() {
        base.close()
        let first = closed.withLock { wasClosed in
            defer { wasClosed = true }
            return !wasClosed
        }
        if first { schema.release() }
    }
}
