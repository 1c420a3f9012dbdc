import Foundation

/// Milliseconds since 1970. Handlers take the time from here, never from the wall clock
/// behind the caller's back, so tests can fix it.
package struct Clock: Sendable {
    package let now: @Sendable () -> Int64

    package init(now: @escaping @Sendable () -> Int64) { self.now = now }

    package static let system = Clock { Int64((Date().timeIntervalSince1970 * 1000).rounded()) }
}
