import AgeSignals
import Foundation

/// The simulated services' one fan-out: values wait for their time on the simulation's
/// clock, and each one delivered goes to every stream handed out before it.
final class ScheduledBroadcast<Value: Sendable>: Sendable {
    private struct State {
        var scheduled: [(at: Date, value: Value)] = []
        var listeners: [AsyncStream<Value>.Continuation] = []
    }

    private let state = Locked(State())

    /// A stream of every value delivered from now on.
    func stream() -> AsyncStream<Value> {
        let (stream, continuation) = AsyncStream.makeStream(of: Value.self)
        state.withLock { $0.listeners.append(continuation) }
        return stream
    }

    /// Keeps `value` until the simulation's time reaches `at`; values due at the same time
    /// keep their order.
    func schedule(_ value: Value, at: Date) {
        state.withLock { state in
            let index = state.scheduled.firstIndex { $0.at > at } ?? state.scheduled.endIndex
            state.scheduled.insert((at, value), at: index)
        }
    }

    /// When the next value is due, if one is waiting.
    var nextTime: Date? { state.withLock { $0.scheduled.first?.at } }

    /// Delivers `value` now.
    func send(_ value: Value) {
        for listener in state.withLock({ $0.listeners }) { listener.yield(value) }
    }

    /// Removes the values due at or before `time`, delivers them in order and returns them.
    func deliver(until time: Date) -> [(at: Date, value: Value)] {
        let (due, listeners) = state.withLock { state in
            let due = Array(state.scheduled.prefix { $0.at <= time })
            state.scheduled.removeFirst(due.count)
            return (due, state.listeners)
        }
        for item in due {
            for listener in listeners { listener.yield(item.value) }
        }
        return due
    }
}
