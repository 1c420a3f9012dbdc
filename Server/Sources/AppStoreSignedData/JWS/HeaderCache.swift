import Synchronization

/// Parsed protected headers keyed by their exact base64url segment, so a JWS whose header
/// bytes were seen before skips decoding and parsing them again (App Store data signed with
/// the same chain carries byte-identical headers), and hashes only the rest of its signing
/// input. Bounded, safe to share between threads.
///
/// It holds parses and hash states only, never a trust decision: the chain is still looked
/// up and the signature still verified for every JWS.
final class HeaderCache: Sendable {
    private struct State {
        /// Keyed by ``HeaderCache/key(_:)``; entries with the same key are told apart by
        /// comparing every byte.
        var entries: [Int: [CompactJWS.KnownHeader]] = [:]
        var count = 0
    }

    let capacity: Int
    private let state = Mutex(State())

    init(capacity: Int) {
        self.capacity = max(0, capacity)
    }

    /// Hashes the length and the first 256 bytes (which cover the start of the leaf
    /// certificate); equality is decided on all the bytes.
    private static func key(_ segment: UnsafeBufferPointer<UInt8>) -> Int {
        var hasher = Hasher()
        hasher.combine(segment.count)
        hasher.combine(bytes: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: segment.prefix(256))))
        return hasher.finalize()
    }

    static func same(_ stored: [UInt8], _ segment: UnsafeBufferPointer<UInt8>) -> Bool {
        guard stored.count == segment.count else { return false }
        guard let other = segment.baseAddress else { return true }
        return stored.withUnsafeBufferPointer { Platform.sameBytes($0.baseAddress!, other, count: segment.count) }
    }

    func header(for segment: UnsafeBufferPointer<UInt8>) -> CompactJWS.KnownHeader? {
        guard capacity > 0, segment.count > 0 else { return nil }
        let key = Self.key(segment)
        return state.withLock { state in
            state.entries[key]?.first { Self.same($0.segment, segment) }
        }
    }

    func insert(_ known: CompactJWS.KnownHeader) {
        guard capacity > 0, !known.segment.isEmpty else { return }
        let key = known.segment.withUnsafeBufferPointer { Self.key($0) }
        state.withLock { state in
            let bucket = state.entries[key] ?? []
            if bucket.contains(where: { $0.segment == known.segment }) { return }
            // Full: start again. Headers repeat (one per signing chain), so this is rare.
            if state.count >= capacity {
                state.entries.removeAll()
                state.count = 0
            }
            state.entries[key, default: []].append(known)
            state.count += 1
        }
    }

    var count: Int { state.withLock { $0.count } }
}
