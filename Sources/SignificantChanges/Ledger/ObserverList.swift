import Synchronization

/// The observers of a store, shared by the store implementations.
final class ObserverList: Sendable {
    private let observers = Mutex<[Int: @Sendable ([String]) -> Void]>([:])
    private let nextID = Atomic<Int>(0)

    func add(_ handler: @escaping @Sendable ([String]) -> Void) -> StoreObservation {
        let id = nextID.add(1, ordering: .relaxed).newValue
        observers.withLock { $0[id] = handler }
        return StoreObservation { [weak self] in
            _ = self?.observers.withLock { $0.removeValue(forKey: id) }
        }
    }

    /// Calls every observer outside the lock, so an observer may read or write the store.
    func notify(_ keys: [String]) {
        guard !keys.isEmpty else { return }
        let handlers = observers.withLock { Array($0.values) }
        for handler in handlers { handler(keys) }
    }
}
