public import Foundation

/// Time as the app side sees it: the current date (cadence rules, launch records, consent
/// questions) and a sleep (the deadline on every system call). The gate, the launch sequence,
/// the significant-change flow and the bridges all take one, so that nothing else reads the
/// wall clock: tests and the simulator pass a clock that moves only when they move it.
public protocol AppClock: Sendable {
    /// The current date.
    var now: Date { get }
    /// Suspends for `duration`; throws `CancellationError` when the task is cancelled.
    func sleep(for duration: Duration) async throws
}
