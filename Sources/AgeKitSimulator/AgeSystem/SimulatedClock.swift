import AgeGating
import AgeSignals
import Foundation

/// A deterministic clock: time moves only when a test or tool calls ``advance(by:)`` or
/// ``set(_:)``, and sleepers wake exactly when their deadline is passed. The gate's deadline
/// and the simulator's hangs both sleep on it, so a 10 s timeout is tested instantly.
public final class SimulatedClock: AppClock, Sendable {
    private struct Sleeper {
        let deadline: Date
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now: Date
        var sleepers: [UInt64: Sleeper] = [:]
        var cancelled: Set<UInt64> = []
        var nextID: UInt64 = 0
    }

    private let state: Locked<State>

    /// A clock at `start` (default 2026-11-30, midnight UTC).
    public init(start: Date = CalendarDay(2026, 11, 30)!.date) {
        state = Locked(State(now: start))
    }

    public var now: Date { state.withLock { $0.now } }

    /// The current UTC day.
    public var today: CalendarDay { CalendarDay(now) }

    /// How many tasks are sleeping on this clock.
    public var pendingSleepers: Int { state.withLock { $0.sleepers.count } }

    /// Whether a task sleeps until after `date` (a simulated hang, not a deadline timer).
    public func hasSleeper(beyond date: Date) -> Bool {
        state.withLock { state in state.sleepers.values.contains { $0.deadline > date } }
    }

    /// The earliest deadline a task sleeps until; nil when none sleeps.
    public var earliestWake: Date? { state.withLock { $0.sleepers.values.map(\.deadline).min() } }

    /// Moves time forward and wakes every sleeper whose deadline has passed.
    public func advance(by duration: Duration) {
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        set(now.addingTimeInterval(seconds))
    }

    /// Moves time forward by whole days.
    public func advance(days: Int) { advance(by: .seconds(days * 86_400)) }

    /// Sets the time (never backwards) and wakes the sleepers that are due.
    public func set(_ date: Date) {
        let due: [CheckedContinuation<Void, any Error>] = state.withLock { state in
            state.now = max(state.now, date)
            let ready = state.sleepers.filter { $0.value.deadline <= state.now }
            for id in ready.keys { state.sleepers[id] = nil }
            return ready.values.map(\.continuation)
        }
        for continuation in due { continuation.resume() }
    }

    /// Waits until at least `count` tasks sleep on the clock: yields, with a short real pause
    /// every thousand yields so a busy machine still gets there. Simulated time never moves.
    public func waitForSleepers(_ count: Int = 1, maximumYields: Int = 1_000_000) async {
        _ = await waitUntil(maximumYields: maximumYields) { $0.count >= count }
    }

    /// Waits until a task sleeps until exactly `deadline` (a wait of a known length that
    /// began at ``now``), as ``waitForSleepers(_:maximumYields:)`` waits; true once one does.
    @discardableResult
    public func waitForSleeper(until deadline: Date, maximumYields: Int = 1_000_000) async -> Bool {
        await waitUntil(maximumYields: maximumYields) { $0.contains(deadline) }
    }

    /// Looks at the sleepers' deadlines until `ready` holds or `maximumYields` passed.
    private func waitUntil(maximumYields: Int, _ ready: ([Date]) -> Bool) async -> Bool {
        for attempt in 0..<maximumYields {
            if ready(state.withLock { $0.sleepers.values.map(\.deadline) }) { return true }
            if attempt % 1_000 == 999 {
                try? await Task.sleep(for: .milliseconds(1))
            } else {
                await Task.yield()
            }
        }
        return false
    }

    public func sleep(for duration: Duration) async throws {
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        guard seconds > 0 else { return try Task.checkCancellation() }
        let id = state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let cancelledEarly = state.withLock { state in
                    if state.cancelled.remove(id) != nil { return true }
                    state.sleepers[id] = Sleeper(
                        deadline: state.now.addingTimeInterval(seconds), continuation: continuation)
                    return false
                }
                if cancelledEarly { continuation.resume(throwing: CancellationError()) }
            }
        } onCancel: {
            let sleeper: Sleeper? = state.withLock { state in
                if let sleeper = state.sleepers.removeValue(forKey: id) { return sleeper }
                state.cancelled.insert(id)
                return nil
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }
}
