// Foundation stand-in for the Apple SDK check: identifiers, names, defaults and the iCloud store.

public struct UUID: Hashable, Sendable, Codable, CustomStringConvertible {
    public init() { fatalError() }
    public init?(uuidString string: String) { fatalError() }
    public var uuidString: String { fatalError() }
    public var description: String { fatalError() }
}

public struct PersonNameComponents: Hashable, Sendable, Codable {
    public init() {}
    public var givenName: String?
    public var familyName: String?
    public var nickname: String?
}

open class UserDefaults: NSObject, @unchecked Sendable {
    open class var standard: UserDefaults { fatalError() }
    public init?(suiteName suitename: String?) { fatalError() }
    open func string(forKey defaultName: String) -> String? { fatalError() }
    open func set(_ value: Any?, forKey defaultName: String) { fatalError() }
    open func removeObject(forKey defaultName: String) { fatalError() }
}

@available(watchOS 9.0, *)
open class NSUbiquitousKeyValueStore: NSObject {
    open class var `default`: NSUbiquitousKeyValueStore { fatalError() }
    open func string(forKey aKey: String) -> String? { fatalError() }
    open func set(_ aString: String?, forKey aKey: String) { fatalError() }
    open func removeObject(forKey aKey: String) { fatalError() }
    open func synchronize() -> Bool { fatalError() }
    public class var didChangeExternallyNotification: NSNotification.Name { fatalError() }
}

public let NSUbiquitousKeyValueStoreChangedKeysKey: String = "NSUbiquitousKeyValueStoreChangedKeysKey"
public let NSUbiquitousKeyValueStoreChangeReasonKey: String = "NSUbiquitousKeyValueStoreChangeReasonKey"
