import AgeSignals

/// The observers of a store, shared by the store implementations.
final class ObserverList: Sendable {
    private struct Observers {
        var handlers: [Int: @Sendable ([String]) -> Void] = [:]
        var lastID = 0
    }

    private let observers = Locked(Observers())

    func add(_ handler: @escaping @Sendable ([String]) -> Void) -> StoreObservation {
        let id = observers.withLock { observers in
            observers.lastID += 1
            observers.handlers[observers.lastID] = handler
            return observers.lastID
        }
        return StoreObservation { [weak self] in
            _ = self?.observers.withLock { $0.handlers.removeValue(forKey: id) }
        }
    }

    /// Calls every observer outside the lock, so an observer may read or write the store.
    func notify(_ keys: [String]) {
        guard !keys.isEmpty else { return }
        let handlers = observers.withLock { Array($0.handlers.values) }
        for handler in handlers { handler(keys) }
    }
}
