/// How a ``PostgresStore`` connects. The password travels apart from the connection string
/// so that descriptions and error messages can never show it.
package struct PostgresConfiguration: Sendable {
    /// A libpq connection URL (`postgres://user@host:port/db?sslmode=require`) or a
    /// `key=value` connection string.
    package var connection: String
    /// Overrides the user named in `connection`.
    package var user: String?
    /// Overrides any password in `connection` (libpq also reads `PGPASSWORD` and `~/.pgpass`).
    package var password: String?
    /// Connections the store keeps open at most; also the number of concurrent writes.
    package var poolSize: Int
    /// The schema the ledger's tables live in (`search_path`); nil uses the server's default.
    package var schema: String?
    /// How long to wait for the server when connecting, in seconds.
    package var connectTimeoutSeconds: Int
    /// How many times a write is run again after a deadlock or a serialization failure.
    package var maxTransactionRetries: Int
    /// How many queued writes a pool connection runs in one transaction at most (group
    /// commit: one `COMMIT`, and one WAL flush, for all of them). 1 commits each write alone.
    package var batchSize: Int

    package init(
        connection: String, user: String? = nil, password: String? = nil, poolSize: Int = 8, schema: String? = nil,
        connectTimeoutSeconds: Int = 10, maxTransactionRetries: Int = 3, batchSize: Int = 8
    ) {
        self.connection = connection
        self.user = user
        self.password = password
        self.poolSize = poolSize
        self.schema = schema
        self.connectTimeoutSeconds = connectTimeoutSeconds
        self.maxTransactionRetries = maxTransactionRetries
        self.batchSize = batchSize
    }

    /// Checks the settings and returns the libpq keywords to connect with, in override order.
    func connectParameters() throws(LedgerError) -> (
        parameters: [(keyword: String, value: String)], info: PostgresConnectionInfo
    ) {
        guard poolSize >= 1 else {
            throw LedgerError(.invalidStore, "the PostgreSQL pool size must be at least 1, not \(poolSize)")
        }
        guard batchSize >= 1 else {
            throw LedgerError(.invalidStore, "the PostgreSQL batch size must be at least 1, not \(batchSize)")
        }
        let info = try PostgresConnectionInfo(parsing: connection)
        // libpq checks ports only when connecting; a typo should stop `agekit serve` at once.
        for port in (info.settings["port"] ?? "").split(separator: ",", omittingEmptySubsequences: false)
        where !port.isEmpty && !(Int(port).map { (1...65_535).contains($0) } ?? false) {
            throw LedgerError(.invalidStore, "invalid PostgreSQL port '\(port)': expected a number from 1 to 65535")
        }
        // Defaults the URL may override. A server that vanishes without closing the TCP
        // connection (a cut network) is noticed in about 30 s rather than never.
        var parameters: [(keyword: String, value: String)] = [
            ("connect_timeout", String(connectTimeoutSeconds)),
            ("fallback_application_name", "agekit"),
            ("keepalives_idle", "15"),
            ("keepalives_interval", "5"),
            ("keepalives_count", "3"),
            ("tcp_user_timeout", "30000"),
            ("dbname", connection),
        ]
        if let user { parameters.append(("user", user)) }
        if let password { parameters.append(("password", password)) }
        if let schema {
            guard !schema.isEmpty, schema.allSatisfy({ $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "_") })
            else {
                throw LedgerError(
                    .invalidStore, "the PostgreSQL schema '\(schema)' must be lowercase letters, digits and '_'")
            }
            let options = [info.settings["options"], "-c search_path=\(schema)"].compactMap { $0 }
            parameters.append(("options", options.joined(separator: " ")))
        }
        return (parameters, info)
    }
}
