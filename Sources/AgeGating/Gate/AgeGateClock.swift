import Foundation

/// Time as the gate sees it: the current date (for cadence rules) and a sleep (for the
/// deadline on every system call). Tests pass a deterministic clock, so nothing waits.
public protocol AgeGateClock: Sendable {
    /// The current date.
    var now: Date { get }
    /// Suspends for `duration`; throws `CancellationError` when the task is cancelled.
    func sleep(for duration: Duration) async throws
}

/// The real clock: the wall date and `Task.sleep`.
public struct SystemAgeGateClock: AgeGateClock {
    /// The wall clock.
    public init() {}

    public var now: Date { Date() }

    public func sleep(for duration: Duration) async throws {
        try await Task.sleep(for: duration)
    }
}
