import Foundation

/// Where the ledger lives, as `agekit serve --store URL` and the config file name it:
///
/// - `sqlite:PATH` (or `sqlite:///absolute/path`): an SQLite file, created when missing.
/// - `sqlite::memory:`: an in-memory SQLite database (tests, demos: gone on exit).
/// - `postgres://user@host:port/database?sslmode=...` (or `postgresql://`): a libpq URL.
///   Three query parameters are ours and never reach libpq: `pool_size` (connections, default
///   8), `batch_size` (writes grouped into one commit, default 8) and `schema` (the
///   `search_path` for the ledger's tables). Without a password in the
///   URL, `AGEKIT_STORE_PASSWORD`, then `PGPASSWORD`, from the environment is used.
///
/// Parsing never connects; ``makeStore()`` does. Errors never show a password.
package enum StoreURL: Sendable {
    case sqlite(path: String)
    case postgres(PostgresConfiguration)

    /// Parses and opens a store: the one call `agekit serve` makes.
    package static func open(_ url: String, environment: [String: String]) throws(LedgerError) -> any LedgerStore {
        try StoreURL(parsing: url, environment: environment).makeStore()
    }

    package init(parsing url: String, environment: [String: String]) throws(LedgerError) {
        let trimmed = url.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw LedgerError(.invalidStore, "the store URL is empty") }
        guard let colon = trimmed.firstIndex(of: ":") else {
            throw LedgerError(
                .invalidStore, "the store URL has no scheme: use sqlite:PATH, sqlite::memory: or postgres://...")
        }
        let scheme = trimmed[..<colon].lowercased()
        let rest = String(trimmed[trimmed.index(after: colon)...])
        switch scheme {
        case "sqlite": self = .sqlite(path: try Self.sqlitePath(rest))
        case "postgres", "postgresql": self = .postgres(try Self.postgres(trimmed, environment: environment))
        default:
            throw LedgerError(
                .invalidStore,
                "unsupported store URL scheme '\(scheme)': use sqlite:PATH, sqlite::memory: or postgres://...")
        }
    }

    /// Opens the store: SQLite opens its file, PostgreSQL connects once to check the server.
    package func makeStore() throws(LedgerError) -> any LedgerStore {
        switch self {
        case .sqlite(let path): try SQLiteStore(path: path)
        case .postgres(let configuration): try PostgresStore(configuration)
        }
    }

    private static func sqlitePath(_ rest: String) throws(LedgerError) -> String {
        if rest.hasPrefix("//") {
            let path = rest.dropFirst(2)
            guard path.hasPrefix("/") else {
                throw LedgerError(
                    .invalidStore, "sqlite URLs take no host: write sqlite:RELATIVE/PATH or sqlite:///ABSOLUTE/PATH")
            }
            return String(path)
        }
        guard !rest.isEmpty else {
            throw LedgerError(.invalidStore, "sqlite: needs a file path (or sqlite::memory:)")
        }
        return rest
    }

    private static func postgres(
        _ url: String, environment: [String: String]
    ) throws(LedgerError)
        -> PostgresConfiguration
    {
        let password = userInfoPassword(url)
        func redacted(_ message: String) -> String {
            guard let password, !password.isEmpty else { return message }
            return message.replacing(password, with: "***")
        }
        var query: [(name: String, value: String)] = []
        var base = url
        if let mark = url.firstIndex(of: "?") {
            base = String(url[..<mark])
            query = url[url.index(after: mark)...].split(separator: "&").map { pair in
                let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                return (String(parts[0]), parts.count > 1 ? String(parts[1]) : "")
            }
        }
        var poolSize = 8
        var batchSize: Int?
        var schema: String?
        var passed: [String] = []
        for (name, value) in query {
            switch name {
            case "pool_size":
                guard let size = Int(value), (1...1_000).contains(size) else {
                    throw LedgerError(
                        .invalidStore, "pool_size must be a whole number from 1 to 1000, not '\(redacted(value))'")
                }
                poolSize = size
            case "batch_size":
                guard let size = Int(value), (1...1_000).contains(size) else {
                    throw LedgerError(
                        .invalidStore, "batch_size must be a whole number from 1 to 1000, not '\(redacted(value))'")
                }
                batchSize = size
            case "schema": schema = value
            default: passed.append("\(name)=\(value)")
            }
        }
        let connection = passed.isEmpty ? base : base + "?" + passed.joined(separator: "&")
        let info: PostgresConnectionInfo
        do {
            info = try PostgresConnectionInfo(parsing: connection)
        } catch {
            throw LedgerError(.invalidStore, redacted(error.reason))
        }
        var configuration = PostgresConfiguration(connection: connection, poolSize: poolSize, schema: schema)
        if let batchSize { configuration.batchSize = batchSize }
        if info.settings["password"] == nil {
            configuration.password = environment["AGEKIT_STORE_PASSWORD"] ?? environment["PGPASSWORD"]
        }
        do {
            _ = try configuration.connectParameters()
        } catch {
            throw LedgerError(.invalidStore, redacted(error.reason))
        }
        return configuration
    }

    /// The password in `scheme://user:password@host/...`, if any, so messages can hide it.
    /// `url` as every message, log line and error shows it: a password in it becomes `***`.
    package static func redacted(_ url: String) -> String {
        guard let password = userInfoPassword(url), !password.isEmpty else { return url }
        return url.replacing(":" + password + "@", with: ":***@")
    }

    private static func userInfoPassword(_ url: String) -> String? {
        guard let start = url.range(of: "://")?.upperBound else { return nil }
        let authority = url[start...].prefix { $0 != "/" && $0 != "?" }
        guard let at = authority.lastIndex(of: "@") else { return nil }
        let userInfo = authority[..<at]
        guard let colon = userInfo.firstIndex(of: ":") else { return nil }
        return String(userInfo[userInfo.index(after: colon)...])
    }
}
