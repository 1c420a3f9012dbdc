/// Opens a store from its URL: `sqlite:PATH` (or `sqlite::memory:`).
public enum StoreOpener {
    public static func open(_ url: String, environment: [String: String]) throws(LedgerError) -> any LedgerStore {
        if url.hasPrefix("sqlite:") {
            let path = String(url.dropFirst("sqlite:".count))
            guard !path.isEmpty else { throw LedgerError(.invalidStore, "'\(url)' names no file (sqlite:PATH)") }
            return try SQLiteStore(path: path)
        }
        throw LedgerError(.invalidStore, "'\(url)' is not a store URL (sqlite:PATH)")
    }
}
