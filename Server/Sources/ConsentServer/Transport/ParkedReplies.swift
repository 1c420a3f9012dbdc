import Synchronization

/// The replies whose connections are suspended, so that a stop past its deadline can answer
/// them: libmicrohttpd must not be stopped while any connection is still suspended.
final class ParkedReplies: Sendable {
    private struct State {
        var closing = false
        var slots: [ObjectIdentifier: ReplySlot] = [:]
    }
    private let state = Mutex(State())

    /// Registers a slot about to be suspended; false once closing, when nothing may suspend.
    func insert(_ slot: ReplySlot) -> Bool {
        state.withLock { state in
            guard !state.closing else { return false }
            state.slots[ObjectIdentifier(slot)] = slot
            return true
        }
    }

    func remove(_ slot: ReplySlot) {
        _ = state.withLock { $0.slots.removeValue(forKey: ObjectIdentifier(slot)) }
    }

    /// Refuses further parking and answers every parked reply with `response`.
    func closeAll(answering response: HTTPResponse) {
        let slots = state.withLock { state in
            state.closing = true
            return Array(state.slots.values)
        }
        for slot in slots { slot.deliver(response) }
    }
}
