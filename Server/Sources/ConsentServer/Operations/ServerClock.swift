import Foundation

/// The server's wall clock, in milliseconds since 1970. Handlers take the time from here,
/// never from the system behind the caller's back, so tests can fix it. (Not `Clock`: that
/// name is the standard library's protocol.)
package struct ServerClock: Sendable {
    package let now: @Sendable () -> Int64

    package init(now: @escaping @Sendable () -> Int64) { self.now = now }

    package static let system = ServerClock { Int64((Date().timeIntervalSince1970 * 1000).rounded()) }
}
