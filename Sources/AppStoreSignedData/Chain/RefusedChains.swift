import Synchronization

/// Chains already refused, keyed by their exact `x5c` strings, with the refusal: a forged
/// payload replayed costs a lookup, not a second verification. Bounded; when full, the
/// oldest refusal goes first.
final class RefusedChains: Sendable {
    private struct State {
        var refusals: [[String]: VerificationError] = [:]
        var order: [[String]] = []
        var start = 0
    }

    let capacity: Int
    private let state = Mutex(State())

    init(capacity: Int) {
        self.capacity = max(0, capacity)
    }

    func refusal(for x5c: [String]) -> VerificationError? {
        guard capacity > 0 else { return nil }
        return state.withLock { $0.refusals[x5c] }
    }

    func insert(_ error: VerificationError, for x5c: [String]) {
        guard capacity > 0 else { return }
        state.withLock { state in
            guard state.refusals[x5c] == nil else { return }
            if state.order.count - state.start >= capacity {
                state.refusals[state.order[state.start]] = nil
                state.start += 1
                if state.start >= capacity {  // drop the consumed prefix now and then
                    state.order.removeFirst(state.start)
                    state.start = 0
                }
            }
            state.order.append(x5c)
            state.refusals[x5c] = error
        }
    }

    var count: Int { state.withLock { $0.refusals.count } }
}
