import AppleMirrorSystem
import Foundation

// Foundation on Linux has no iCloud key-value store; Apple's Foundation declares it, so this
// one module is the only mirror whose name is not Apple's (a module cannot be called
// Foundation beside the real one). The bridge imports it only where AGEKIT_APPLE_MIRROR is set.

/// Mirrors https://developer.apple.com/documentation/foundation/nsubiquitouskeyvaluestore
/// (string values only: the ledger stores strings).
@available(iOS 5.0, macCatalyst 13.1, macOS 10.7, tvOS 9.0, visionOS 1.0, watchOS 9.0, *)
open class NSUbiquitousKeyValueStore: NSObject {
    private let lock = NSLock()
    private var values: [String: String] = [:]
    private var _synchronizeCalls = 0

    /// Mirrors https://developer.apple.com/documentation/foundation/nsubiquitouskeyvaluestore/default
    open class var `default`: NSUbiquitousKeyValueStore { MirrorSystem.current.keyValueStore }

    /// Mirrors https://developer.apple.com/documentation/foundation/nsubiquitouskeyvaluestore/didchangeexternallynotification
    ///
    /// Assumed: Apple declares `class let didChangeExternallyNotification: NSNotification.Name`
    /// (an imported Objective-C constant); Swift source cannot declare a class stored property,
    /// so the mirror has a static one, which a client reads the same way.
    @available(iOS 5.0, macCatalyst 13.1, macOS 10.7, tvOS 9.0, visionOS 1.0, watchOS 2.0, *)
    public static let didChangeExternallyNotification = NSNotification.Name(
        "NSUbiquitousKeyValueStoreDidChangeExternallyNotification")

    package override init() {}

    /// Mirrors https://developer.apple.com/documentation/foundation/nsubiquitouskeyvaluestore/string(forkey:)
    open func string(forKey aKey: String) -> String? { lock.withLock { values[aKey] } }

    /// Mirrors https://developer.apple.com/documentation/foundation/nsubiquitouskeyvaluestore/set(_:forkey:)-2rlp
    open func set(_ aString: String?, forKey aKey: String) { lock.withLock { values[aKey] = aString } }

    /// Mirrors https://developer.apple.com/documentation/foundation/nsubiquitouskeyvaluestore/removeobject(forkey:)
    open func removeObject(forKey aKey: String) { _ = lock.withLock { values.removeValue(forKey: aKey) } }

    /// Mirrors https://developer.apple.com/documentation/foundation/nsubiquitouskeyvaluestore/synchronize()
    open func synchronize() -> Bool {
        lock.withLock { _synchronizeCalls += 1 }
        return true
    }

    package var synchronizeCalls: Int { lock.withLock { _synchronizeCalls } }

    /// Another device of the same person wrote `changes` (nil removes): stored, then
    /// announced the way the system announces it.
    package func applyExternalChanges(_ changes: [String: String?], reason: Int = NSUbiquitousKeyValueStoreServerChange)
    {
        lock.withLock {
            for (key, value) in changes { values[key] = value }
        }
        NotificationCenter.default.post(
            name: Self.didChangeExternallyNotification, object: self,
            userInfo: [
                NSUbiquitousKeyValueStoreChangeReasonKey: reason,
                NSUbiquitousKeyValueStoreChangedKeysKey: Array(changes.keys),
            ])
    }
}

/// Mirrors https://developer.apple.com/documentation/foundation/nsubiquitouskeyvaluestorechangedkeyskey
@available(iOS 5.0, macCatalyst 13.1, macOS 10.7, tvOS 9.0, visionOS 1.0, watchOS 2.0, *)
public let NSUbiquitousKeyValueStoreChangedKeysKey = "NSUbiquitousKeyValueStoreChangedKeysKey"
/// Mirrors https://developer.apple.com/documentation/foundation/nsubiquitouskeyvaluestorechangereasonkey
@available(iOS 5.0, macCatalyst 13.1, macOS 10.7, tvOS 9.0, visionOS 1.0, watchOS 2.0, *)
public let NSUbiquitousKeyValueStoreChangeReasonKey = "NSUbiquitousKeyValueStoreChangeReasonKey"
/// Mirrors https://developer.apple.com/documentation/foundation/nsubiquitouskeyvaluestoreserverchange
@available(iOS 5.0, macCatalyst 13.1, macOS 10.7, tvOS 9.0, visionOS 1.0, watchOS 2.0, *)
public var NSUbiquitousKeyValueStoreServerChange: Int { 0 }
/// Mirrors https://developer.apple.com/documentation/foundation/nsubiquitouskeyvaluestoreinitialsyncchange
@available(iOS 5.0, macCatalyst 13.1, macOS 10.7, tvOS 9.0, visionOS 1.0, watchOS 2.0, *)
public var NSUbiquitousKeyValueStoreInitialSyncChange: Int { 1 }

/// The device's one iCloud key-value store.
package final class KeyValueStoreScript: MirrorScript, @unchecked Sendable {
    package let store = NSUbiquitousKeyValueStore()

    package init() {}
}

extension MirrorSystem {
    package var keyValueStore: NSUbiquitousKeyValueStore { script(KeyValueStoreScript.self).store }
}
