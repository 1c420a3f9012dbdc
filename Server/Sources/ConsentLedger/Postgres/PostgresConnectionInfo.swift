internal import CPostgres
import Foundation

/// A libpq connection string (a `postgres://` URL or `key=value` pairs) checked by libpq
/// itself, so what we accept is exactly what `PQconnectdb` accepts.
struct PostgresConnectionInfo: Sendable {
    /// The settings the string names, by libpq keyword ("host", "port", "dbname", ...).
    let settings: [String: String]

    init(parsing connection: String) throws(LedgerError) {
        var error: UnsafeMutablePointer<CChar>?
        guard let options = PQconninfoParse(connection, &error) else {
            let reason = error.map { String(cString: $0) }?.trimmingCharacters(in: .whitespacesAndNewlines)
            PQfreemem(error)
            throw LedgerError(.invalidStore, "invalid PostgreSQL connection string: \(reason ?? "out of memory")")
        }
        defer { PQconninfoFree(options) }
        var settings: [String: String] = [:]
        var option = options
        while let keyword = option.pointee.keyword {
            if let value = option.pointee.val {
                settings[String(cString: keyword)] = String(cString: value)
            }
            option += 1
        }
        self.settings = settings
    }

    /// Where the store is, without the password: `postgres://user@host:port/dbname`.
    var redactedDescription: String {
        let user = settings["user"].map { "\($0)@" } ?? ""
        let host = settings["host"] ?? settings["hostaddr"] ?? "localhost"
        let port = settings["port"].map { ":\($0)" } ?? ""
        let database = settings["dbname"] ?? settings["user"] ?? ""
        let shownHost = host.hasPrefix("/") ? "[\(host)]" : host
        return "postgres://\(user)\(shownHost)\(port)/\(database)"
    }
}
