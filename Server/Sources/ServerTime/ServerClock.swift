import Foundation

/// The server's one source of time: the wall clock, a monotonic clock and a sleep. Every
/// server module takes it from here, injected, and never reads the system's clocks itself,
/// so that tests set and advance time by hand (``SystemClock`` is the one real one).
public protocol ServerClock: Sendable {
    /// Wall time in milliseconds since 1970: what is stored and compared with payload dates.
    func now() -> Int64
    /// Seconds from an arbitrary origin on a clock that only moves forward: deadlines,
    /// budgets and latencies.
    func monotonic() -> Double
    /// Suspends the caller for `seconds` (pacing and retry delays); cancellation ends it early.
    func sleep(seconds: Double) async
}

extension ServerClock {
    /// ``now()`` as a `Date`, for the APIs that take one.
    public func date() -> Date { Date(timeIntervalSince1970: Double(now()) / 1000) }
}
