import Synchronization

/// Verified chains keyed by the exact `x5c` strings: bounded, least recently used first out,
/// safe to share between threads.
///
/// A hit skips parsing and chain verification only; the caller still checks the chain's
/// validity window at its effective time on every use.
final class ChainCache: Sendable {
    private struct Entry {
        var chain: VerifiedChain
        var lastUse: UInt64
    }

    private struct State {
        var entries: [[String]: Entry] = [:]
        var clock: UInt64 = 0
        var hits = 0
        var misses = 0
    }

    let capacity: Int
    private let state = Mutex(State())

    init(capacity: Int) {
        self.capacity = max(0, capacity)
    }

    func chain(for x5c: [String]) -> VerifiedChain? {
        guard capacity > 0 else {
            state.withLock { $0.misses += 1 }
            return nil
        }
        return state.withLock { state in
            state.clock += 1
            // One hash of the (kilobytes long) key per lookup: update through the index.
            guard let index = state.entries.index(forKey: x5c) else {
                state.misses += 1
                return nil
            }
            state.hits += 1
            state.entries.values[index].lastUse = state.clock
            return state.entries.values[index].chain
        }
    }

    func insert(_ chain: VerifiedChain, for x5c: [String]) {
        guard capacity > 0 else { return }
        state.withLock { state in
            state.clock += 1
            if state.entries[x5c] == nil, state.entries.count >= capacity,
                let oldest = state.entries.min(by: { $0.value.lastUse < $1.value.lastUse })?.key
            {
                state.entries[oldest] = nil
            }
            state.entries[x5c] = Entry(chain: chain, lastUse: state.clock)
        }
    }

    var count: Int { state.withLock { $0.entries.count } }

    var statistics: (hits: Int, misses: Int) {
        state.withLock { ($0.hits, $0.misses) }
    }
}
