import AgeSignals
import Foundation

/// A store kept in one JSON file (an object of string values). Several processes sharing the
/// file act as several devices sharing one synced store: ``refresh()`` reads what others wrote
/// and reports those keys to the observers.
public final class FileSyncedStore: SyncedKeyValueStore {
    /// The JSON file the values are kept in.
    public let url: URL
    private let known: Locked<[String: String]>
    private let observers = ObserverList()

    /// Opens (or starts) the file; an unreadable file is an error, never silently emptied.
    public init(url: URL) throws(SignificantChangesError) {
        self.url = url
        self.known = Locked(try Self.read(url))
    }

    public func string(forKey key: String) -> String? { known.withLock { $0[key] } }

    /// Merges into the file's current content, so values other devices wrote survive.
    public func set(_ value: String?, forKey key: String) {
        known.withLock { known in
            var current = (try? Self.read(url)) ?? known
            current[key] = value
            known[key] = value
            try? Self.write(current, to: url)
        }
    }

    public func observeExternalChanges(_ handler: @escaping @Sendable ([String]) -> Void) -> StoreObservation {
        observers.add(handler)
    }

    /// Reads the file and reports the keys whose values changed since this store last saw them.
    @discardableResult
    public func refresh() throws(SignificantChangesError) -> [String] {
        let current = try Self.read(url)
        let changed = known.withLock { known in
            let keys = Set(current.keys).union(known.keys).filter { current[$0] != known[$0] }
            known = current
            return keys.sorted()
        }
        observers.notify(changed)
        return changed
    }

    private static func read(_ url: URL) throws(SignificantChangesError) -> [String: String] {
        guard FileManager.default.fileExists(atPath: url.path) else { return [:] }
        do {
            let data = try Data(contentsOf: url)
            if data.isEmpty { return [:] }
            return try JSONDecoder().decode([String: String].self, from: data)
        } catch {
            throw SignificantChangesError(
                .storeUnavailable, "\(url.lastPathComponent) is not a key-value file (a JSON object of strings)")
        }
    }

    private static func write(_ values: [String: String], to url: URL) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(values).write(to: url, options: .atomic)
    }
}
