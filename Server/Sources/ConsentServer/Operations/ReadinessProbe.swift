import ConsentLedger
import ServerTime
import Synchronization

/// `/readyz` without a write per request: the store is probed at most once per `interval`,
/// and every request in between gets the last answer (those arriving during a probe wait for
/// it). A flood of probes then costs one small write a second, not one each.
final class ReadinessProbe: Sendable {
    private struct State {
        var last: Result<Bool, LedgerError>?
        var probedAt = -Double.infinity
        var waiting: [@Sendable (Result<Bool, LedgerError>) -> Void] = []
    }

    private let ledger: Ledger
    private let clock: any ServerClock
    private let interval: Double
    private let state = Mutex(State())

    init(ledger: Ledger, clock: any ServerClock, interval: Double = 1) {
        self.ledger = ledger
        self.clock = clock
        self.interval = interval
    }

    func check(_ answer: @escaping @Sendable (Result<Bool, LedgerError>) -> Void) {
        // Notifications failing to commit: not ready, whatever the probe's small write says.
        if let failure = ledger.recentFailure(at: clock.now()) { return answer(.failure(failure)) }
        let now = clock.monotonic()
        let action: Result<Bool, LedgerError>?? = state.withLock { state in
            if let last = state.last, now - state.probedAt < interval { return .some(last) }
            state.waiting.append(answer)
            guard state.waiting.count == 1 else { return .some(nil) }  // a probe is running
            return .none
        }
        switch action {
        case .some(.some(let last)): answer(last)
        case .some(.none): break
        case .none: probe()
        }
    }

    /// The readiness `/metrics` shows, without waiting: false while notifications fail to
    /// commit or when the last probe failed, true after a probe committed (and before the
    /// first: start opened the store). Each reading starts the next probe once the last is
    /// `interval` old, so a scrape shows the answer of the probe the one before it started.
    func lastAnswer() -> Bool {
        check { _ in }
        let probed = state.withLock { state in
            guard case .failure = state.last else { return true }
            return false
        }
        return probed && ledger.recentFailure(at: clock.now()) == nil
    }

    private func probe() {
        ledger.checkWritable(at: clock.now()) { [self] result in
            let waiting = state.withLock { state in
                state.last = result
                state.probedAt = clock.monotonic()
                defer { state.waiting = [] }
                return state.waiting
            }
            for answer in waiting { answer(result) }
        }
    }
}
