#if os(iOS) || os(macOS) || os(tvOS) || os(visionOS) || AGEKIT_APPLE_MIRROR
    import Foundation
    #if AGEKIT_APPLE_MIRROR
        // Foundation on Linux has no NSUbiquitousKeyValueStore; the mirror adds it.
        @preconcurrency import AppleMirrorFoundation
    #endif
    import SignificantChanges

    /// The acknowledgment ledger's `SignificantChanges.SyncedKeyValueStore` on the iCloud
    /// key-value store (`NSUbiquitousKeyValueStore`), so an approval recorded on one of the
    /// person's devices reaches the others. Their writes arrive as
    /// `didChangeExternallyNotification`, which the ledger's observer turns into the flow's
    /// `ledgerChanged` event: the flow ends there too.
    ///
    /// Needs the iCloud key-value storage capability.
    public final class UbiquitousKeyValueStore: SyncedKeyValueStore, @unchecked Sendable {
        // NSUbiquitousKeyValueStore is thread-safe; it is not annotated `Sendable`.
        private let store: NSUbiquitousKeyValueStore

        /// Uses `NSUbiquitousKeyValueStore.default` and asks it to fetch what changed while
        /// the app was not running.
        public init(_ store: NSUbiquitousKeyValueStore = .default) {
            self.store = store
            _ = store.synchronize()
        }

        public func string(forKey key: String) -> String? {
            store.string(forKey: key)
        }

        public func set(_ value: String?, forKey key: String) {
            if let value { store.set(value, forKey: key) } else { store.removeObject(forKey: key) }
        }

        public func observeExternalChanges(_ handler: @escaping @Sendable ([String]) -> Void) -> StoreObservation {
            let token = NotificationCenter.default.addObserver(
                forName: NSUbiquitousKeyValueStore.didChangeExternallyNotification, object: store, queue: nil
            ) { notification in
                let keys = notification.userInfo?[NSUbiquitousKeyValueStoreChangedKeysKey] as? [String] ?? []
                if !keys.isEmpty { handler(keys) }
            }
            let observer = ObserverToken(token)
            return StoreObservation { NotificationCenter.default.removeObserver(observer.token) }
        }
    }

    /// The notification center's opaque token, handed to the cancel closure.
    private final class ObserverToken: @unchecked Sendable {
        let token: any NSObjectProtocol
        init(_ token: any NSObjectProtocol) { self.token = token }
    }
#endif
