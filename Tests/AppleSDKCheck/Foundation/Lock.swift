// Foundation stand-in for the Apple SDK check: the lock behind the app side's `Locked` and the
// mirror's scripts. Apple's pages list NSLock from iOS 2.0, macOS 10.0, tvOS 9.0, watchOS 2.0
// and visionOS 1.0, and NSLocking's `withLock(_:)` from iOS 8.0: below every floor. Declared
// without `Sendable` (the stricter side: the check fails if code relies on it).

public protocol NSLocking {
    func lock()
    func unlock()
}

extension NSLocking {
    public func withLock<R>(_ body: () throws -> R) rethrows -> R { fatalError() }
}

open class NSLock: NSObject, NSLocking {
    public override init() { fatalError() }
    open func lock() { fatalError() }
    open func unlock() { fatalError() }
}
