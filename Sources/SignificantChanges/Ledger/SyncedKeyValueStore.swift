/// A small key-value store synced across one person's devices: the iCloud key-value store
/// on Apple platforms, ``InMemorySyncedStore`` and ``FileSyncedStore`` here.
public protocol SyncedKeyValueStore: AnyObject, Sendable {
    /// The value as this device knows it; nil when there is none.
    func string(forKey key: String) -> String?
    /// Writes (or removes, with nil) a value on this device; other devices learn of it later.
    func set(_ value: String?, forKey key: String)
    /// Calls `handler` with the keys another device changed, on every such change, until the
    /// returned observation is cancelled. Changes this device makes are not reported.
    func observeExternalChanges(_ handler: @escaping @Sendable ([String]) -> Void) -> StoreObservation
}

/// Keeps an observer registered until ``cancel()``.
public final class StoreObservation: Sendable {
    private let onCancel: @Sendable () -> Void

    /// An observation that calls `onCancel` when cancelled.
    public init(onCancel: @escaping @Sendable () -> Void) {
        self.onCancel = onCancel
    }

    /// Stops the observer; it hears nothing more.
    public func cancel() { onCancel() }
}
