internal import Foundation

/// A value that several threads share, reached only while holding its lock: the app side's one
/// lock, with `Synchronization.Mutex`'s `withLock` so that a call site reads the same.
///
/// Not `Mutex`, because `Mutex` needs iOS 18, macOS 15, tvOS 18, watchOS 11 and visionOS 2,
/// above the floors an app can accept (iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1);
/// `NSLock` exists on every one of them and on Linux.
///
/// `@unchecked Sendable`: the compiler cannot see that `lock` guards `value`. It does, because
/// `value` is private and read or written only inside ``withLock(_:)``, which holds the lock for
/// the whole closure; the closure gets the value `inout sending` and returns a `sending` result,
/// as `Mutex`'s does, so nothing non-`Sendable` leaves the lock still shared. This is the only
/// `@unchecked Sendable` lock of the app side: every other type keeps its shared mutable state
/// in one of these. The lock is not recursive: calling `withLock` on the same value from inside
/// its closure deadlocks, as with `Mutex`. `package`: the modules of this package share it; it is
/// no part of the API an app sees.
package final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    /// A lock around `initialValue`, which the caller hands over (`sending`), as to `Mutex`.
    package init(_ initialValue: sending Value) {
        value = initialValue
    }

    /// Runs `body` with the value while holding the lock, and returns what it returns.
    package func withLock<Result, E: Error>(
        _ body: (inout sending Value) throws(E) -> sending Result
    ) throws(E) -> sending Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
