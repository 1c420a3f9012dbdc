import AgeSignals

/// One device's store in memory. ``applyExternalChanges(_:)`` is how a sync layer (the
/// simulator's shared cloud, a test) delivers what other devices wrote.
public final class InMemorySyncedStore: SyncedKeyValueStore {
    private let values: Locked<[String: String]>
    private let observers = ObserverList()
    private let onLocalWrite: @Sendable (String, String?) -> Void

    /// - Parameters:
    ///   - initial: the values the store starts with.
    ///   - onLocalWrite: called after each write this device makes (to forward it).
    public init(
        _ initial: [String: String] = [:], onLocalWrite: @escaping @Sendable (String, String?) -> Void = { _, _ in }
    ) {
        self.values = Locked(initial)
        self.onLocalWrite = onLocalWrite
    }

    public func string(forKey key: String) -> String? { values.withLock { $0[key] } }

    public func set(_ value: String?, forKey key: String) {
        values.withLock { $0[key] = value }
        onLocalWrite(key, value)
    }

    public func observeExternalChanges(_ handler: @escaping @Sendable ([String]) -> Void) -> StoreObservation {
        observers.add(handler)
    }

    /// Stores values another device wrote and tells the observers which keys changed.
    public func applyExternalChanges(_ changes: [String: String?]) {
        let changed = values.withLock { values in
            changes.compactMap { key, value -> String? in
                guard values[key] != value else { return nil }
                values[key] = value
                return key
            }
        }
        observers.notify(changed.sorted())
    }

    /// Everything stored, for inspection.
    public var snapshot: [String: String] { values.withLock { $0 } }
}
