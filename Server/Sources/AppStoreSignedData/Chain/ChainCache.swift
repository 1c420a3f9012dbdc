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
        var entries: [ChainKey: Entry] = [:]
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
            // One hash of the key per lookup: update through the index.
            guard let index = state.entries.index(forKey: ChainKey(x5c: x5c)) else {
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
            let key = ChainKey(x5c: x5c)
            if state.entries[key] == nil, state.entries.count >= capacity,
                let oldest = state.entries.min(by: { $0.value.lastUse < $1.value.lastUse })?.key
            {
                state.entries[oldest] = nil
            }
            state.entries[key] = Entry(chain: chain, lastUse: state.clock)
        }
    }

    var count: Int { state.withLock { $0.entries.count } }

    var statistics: (hits: Int, misses: Int) {
        state.withLock { ($0.hits, $0.misses) }
    }
}

/// The `x5c` strings as a dictionary key. Equal only when every string is; hashed on the
/// lengths and the last 32 bytes of each certificate (its signature, different for every
/// certificate), not on the kilobytes before them. Only verified chains are inserted.
private struct ChainKey: Hashable {
    let x5c: [String]

    static func == (lhs: ChainKey, rhs: ChainKey) -> Bool { lhs.x5c == rhs.x5c }

    func hash(into hasher: inout Hasher) {
        hasher.combine(x5c.count)
        for certificate in x5c {
            var certificate = certificate  // `withUTF8` needs it mutable; native strings are not copied
            // The tail in one call: a byte at a time cost more than the rest of a cache hit.
            certificate.withUTF8 { bytes in
                hasher.combine(bytes.count)
                hasher.combine(bytes: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes.suffix(32))))
            }
        }
    }
}
