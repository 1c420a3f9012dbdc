import Synchronization

/// Intermediates judged by a full chain verification, keyed by SHA-256 of their DER (the
/// digest of `x5c[1]` costs far less than a signature). A trusted one lets a never-seen leaf
/// under it be checked against it alone; a refused one refuses any leaf under it for a
/// lookup. Bounded, oldest out first, safe to share between threads.
///
/// Trusted and refused intermediates are kept apart: anyone can mint refusals (a fresh key
/// makes a fresh intermediate), only an anchor's chain makes a trusted one, so a flood of
/// forgeries never pushes out the intermediate that genuine deliveries are signed under.
final class KnownIntermediates: Sendable {
    enum Verdict {
        case trusted(TrustedIntermediate)
        case refused(VerificationError)
    }

    private struct State {
        var trusted: OldestOutDictionary<[UInt8], TrustedIntermediate>
        var refused: OldestOutDictionary<[UInt8], VerificationError>
    }

    private let state: Mutex<State>

    /// - Parameters:
    ///   - trustedCapacity: intermediates trusted (Apple signs under a handful at a time).
    ///   - refusedCapacity: intermediates refused.
    init(trustedCapacity: Int, refusedCapacity: Int) {
        state = Mutex(
            State(
                trusted: OldestOutDictionary(capacity: trustedCapacity),
                refused: OldestOutDictionary(capacity: refusedCapacity)))
    }

    func verdict(for digest: [UInt8]) -> Verdict? {
        state.withLock { state in
            if let trusted = state.trusted[digest] { return .trusted(trusted) }
            return state.refused[digest].map { .refused($0) }
        }
    }

    /// Only after the whole chain, leaf included, verified.
    func trust(_ intermediate: TrustedIntermediate, for digest: [UInt8]) {
        state.withLock { $0.trusted.insert(intermediate, for: digest) }
    }

    /// Only for a refusal that holds whatever the leaf.
    func refuse(_ error: VerificationError, for digest: [UInt8]) {
        state.withLock { $0.refused.insert(error, for: digest) }
    }

    var counts: (trusted: Int, refused: Int) { state.withLock { ($0.trusted.count, $0.refused.count) } }
}
