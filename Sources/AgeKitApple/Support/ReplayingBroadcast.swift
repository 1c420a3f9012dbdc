import AgeSignals

/// The bridges' one fan-out of what the system sends: every value goes to every stream
/// handed out so far, and values that arrive before the first stream is asked for (an
/// answer at launch, before the core listens) are kept and replayed to it.
final class ReplayingBroadcast<Value: Sendable>: Sendable {
    private struct State {
        var listeners: [AsyncStream<Value>.Continuation] = []
        var undelivered: [Value] = []
    }

    private let state = Locked(State())

    /// A stream of every value from now on, after those kept for the first listener.
    func stream() -> AsyncStream<Value> {
        let (stream, continuation) = AsyncStream.makeStream(of: Value.self)
        let backlog = state.withLock { state in
            state.listeners.append(continuation)
            defer { state.undelivered.removeAll() }
            return state.undelivered
        }
        for value in backlog { continuation.yield(value) }
        return stream
    }

    /// Delivers `value` to every listener, or keeps it until one registers.
    func send(_ value: Value) {
        let listeners = state.withLock { state in
            if state.listeners.isEmpty { state.undelivered.append(value) }
            return state.listeners
        }
        for listener in listeners { listener.yield(value) }
    }
}
