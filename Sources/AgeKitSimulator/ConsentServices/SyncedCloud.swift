import AgeSignals
import SignificantChanges

/// One person's synced key-value store shared by several simulated devices: what one device
/// writes reaches the others as an external change, at once or when ``sync()`` is called.
public final class SyncedCloud: Sendable {
    /// When a write reaches the other devices.
    public enum Delivery: Sendable {
        /// At once.
        case immediate
        /// Held until ``sync()``, to test a device that has not heard yet.
        case manual
    }

    private struct State {
        var devices: [String: InMemorySyncedStore] = [:]
        var values: [String: String] = [:]
        var queued: [(from: String, key: String, value: String?)] = []
    }

    private let state = Locked(State())
    /// When writes reach the other devices.
    public let delivery: Delivery

    /// An empty cloud; writes reach the other devices at once unless told otherwise.
    public init(delivery: Delivery = .immediate) {
        self.delivery = delivery
    }

    /// The store of the device called `name`, created with what the cloud holds now.
    public func device(_ name: String) -> InMemorySyncedStore {
        if let existing = state.withLock({ $0.devices[name] }) { return existing }
        let initial = state.withLock { $0.values }
        let store = InMemorySyncedStore(initial) { [weak self] key, value in
            self?.wrote(key, value, from: name)
        }
        return state.withLock { state in
            if let existing = state.devices[name] { return existing }
            state.devices[name] = store
            return store
        }
    }

    /// Delivers every held write to the other devices.
    public func sync() {
        let queued = state.withLock { state in
            defer { state.queued.removeAll() }
            return state.queued
        }
        for write in queued { deliver(write.key, write.value, from: write.from) }
    }

    /// What the cloud holds.
    public var snapshot: [String: String] { state.withLock { $0.values } }

    private func wrote(_ key: String, _ value: String?, from device: String) {
        let immediate = state.withLock { state in
            state.values[key] = value
            if delivery == .manual { state.queued.append((device, key, value)) }
            return delivery == .immediate
        }
        if immediate { deliver(key, value, from: device) }
    }

    private func deliver(_ key: String, _ value: String?, from device: String) {
        let others = state.withLock { state in state.devices.filter { $0.key != device }.map(\.value) }
        for store in others { store.applyExternalChanges([key: value]) }
    }
}
