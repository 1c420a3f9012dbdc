import Synchronization

/// How many never-seen chains may be verified per second (a token bucket holding one
/// second's worth). A verification costs several times a cached one, and anyone can post a
/// chain; past the budget such payloads are refused with `verification_busy` (the receiver
/// answers 503 and Apple delivers again later) while chains already verified keep flowing.
/// The verifier keeps two per ``VerificationLane``: one for full verifications, one for new
/// leaves under known intermediates (a forged intermediate cannot spend that one, a forged leaf
/// can). Zero means no budget.
final class VerificationBudget: Sendable {
    private struct State {
        var tokens: Double
        var refilledAt: Double
    }

    let perSecond: Int
    private let seconds: @Sendable () -> Double
    private let state: Mutex<State>

    /// `seconds`: a monotonic clock in seconds.
    init(perSecond: Int, seconds: @escaping @Sendable () -> Double) {
        self.perSecond = max(0, perSecond)
        self.seconds = seconds
        state = Mutex(State(tokens: Double(max(0, perSecond)), refilledAt: seconds()))
    }

    /// Spends one verification; false when the budget of the last second is used up.
    func take() -> Bool {
        guard perSecond > 0 else { return true }
        let now = seconds()
        return state.withLock { state in
            let elapsed = max(0, now - state.refilledAt)
            state.tokens = min(Double(perSecond), state.tokens + elapsed * Double(perSecond))
            state.refilledAt = now
            guard state.tokens >= 1 else { return false }
            state.tokens -= 1
            return true
        }
    }
}

/// The two budgets of one ``VerificationLane``.
struct LaneBudgets: Sendable {
    /// Full verifications of chains under an intermediate never judged.
    let newChains: VerificationBudget
    /// New leaves under an intermediate already trusted: one signature each.
    let newLeaves: VerificationBudget

    init(perSecond: Int, seconds: @escaping @Sendable () -> Double) {
        newChains = VerificationBudget(perSecond: perSecond, seconds: seconds)
        newLeaves = VerificationBudget(perSecond: perSecond, seconds: seconds)
    }
}
