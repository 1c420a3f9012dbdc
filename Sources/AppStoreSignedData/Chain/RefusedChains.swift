import Synchronization

/// Chains already refused, keyed by their exact `x5c` strings, with the refusal: a forged
/// payload replayed costs a lookup, not a second verification. Bounded; when full, the
/// oldest refusal goes first.
final class RefusedChains: Sendable {
    let capacity: Int
    private let refusals: Mutex<OldestOutDictionary<[String], VerificationError>>

    init(capacity: Int) {
        self.capacity = max(0, capacity)
        refusals = Mutex(OldestOutDictionary(capacity: capacity))
    }

    func refusal(for x5c: [String]) -> VerificationError? {
        refusals.withLock { $0[x5c] }
    }

    func insert(_ error: VerificationError, for x5c: [String]) {
        refusals.withLock { $0.insert(error, for: x5c) }
    }

    var count: Int { refusals.withLock { $0.count } }
}
