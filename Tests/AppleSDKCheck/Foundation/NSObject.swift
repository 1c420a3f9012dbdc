// Foundation stand-in for the Apple SDK check: the Objective-C root class and notifications.

public protocol NSObjectProtocol: AnyObject {}

open class NSObject: NSObjectProtocol, Hashable {
    public init() {}
    open func isEqual(_ object: Any?) -> Bool { fatalError() }
    open var hash: Int { fatalError() }
    public static func == (lhs: NSObject, rhs: NSObject) -> Bool { fatalError() }
    public func hash(into hasher: inout Hasher) { fatalError() }
}

open class NSNotification: NSObject, @unchecked Sendable {
    public struct Name: RawRepresentable, Hashable, Sendable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }
    }
}

public struct Notification: Hashable, @unchecked Sendable {
    public typealias Name = NSNotification.Name
    public var name: Notification.Name
    public var object: Any? { fatalError() }
    public var userInfo: [AnyHashable: Any]? { fatalError() }
    public static func == (lhs: Notification, rhs: Notification) -> Bool { fatalError() }
    public func hash(into hasher: inout Hasher) { fatalError() }
}

open class OperationQueue: NSObject, @unchecked Sendable {}

open class NotificationCenter: NSObject, @unchecked Sendable {
    open class var `default`: NotificationCenter { fatalError() }

    open func post(
        name aName: NSNotification.Name, object anObject: Any?, userInfo aUserInfo: [AnyHashable: Any]? = nil
    ) {
        fatalError()
    }

    open func addObserver(
        forName name: NSNotification.Name?, object obj: Any?, queue: OperationQueue?,
        using block: @escaping @Sendable (Notification) -> Void
    ) -> any NSObjectProtocol { fatalError() }

    open func removeObserver(_ observer: Any) { fatalError() }
}
