import Foundation

/// Mirrors https://developer.apple.com/documentation/foundation/nsubiquitouskeyvaluestore
/// (string values only: the ledger stores strings).
open class NSUbiquitousKeyValueStore: NSObject {
    private let lock = NSLock()
    private var values: [String: String] = [:]
    private var _synchronizeCalls = 0

    /// Mirrors https://developer.apple.com/documentation/foundation/nsubiquitouskeyvaluestore/default
    open class var `default`: NSUbiquitousKeyValueStore { MirrorSystem.current.keyValueStore }

    /// Mirrors https://developer.apple.com/documentation/foundation/nsubiquitouskeyvaluestore/didchangeexternallynotification
    public static let didChangeExternallyNotification = NSNotification.Name(
        "NSUbiquitousKeyValueStoreDidChangeExternallyNotification")

    package override init() {}

    /// Mirrors https://developer.apple.com/documentation/foundation/nsubiquitouskeyvaluestore/string(forkey:)
    open func string(forKey aKey: String) -> String? { lock.withLock { values[aKey] } }

    /// Mirrors https://developer.apple.com/documentation/foundation/nsubiquitouskeyvaluestore/set(_:forkey:)-2i4jd
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
public let NSUbiquitousKeyValueStoreChangedKeysKey = "NSUbiquitousKeyValueStoreChangedKeysKey"
/// Mirrors https://developer.apple.com/documentation/foundation/nsubiquitouskeyvaluestorechangereasonkey
public let NSUbiquitousKeyValueStoreChangeReasonKey = "NSUbiquitousKeyValueStoreChangeReasonKey"
/// Mirrors https://developer.apple.com/documentation/foundation/nsubiquitouskeyvaluestoreserverchange
public let NSUbiquitousKeyValueStoreServerChange = 0
/// Mirrors https://developer.apple.com/documentation/foundation/nsubiquitouskeyvaluestoreinitialsyncchange
public let NSUbiquitousKeyValueStoreInitialSyncChange = 1
