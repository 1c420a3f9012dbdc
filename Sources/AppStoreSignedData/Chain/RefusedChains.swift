import Synchronization

/// Chains already refused, with the refusal: a forged payload replayed costs a lookup, not a
/// second verification. Kept twice, bounded, oldest refusal out first: by the exact `x5c`
/// strings, and by the JWS header segment that carried them (its base64url text), so a
/// replayed forgery is refused before anything in it is decoded. A header fixes its chain,
/// and a chain's refusal depends on nothing else (neither the payload nor the time).
final class RefusedChains: Sendable {
    let capacity: Int
    private let refusals: Mutex<OldestOutDictionary<[String], VerificationError>>
    private let headers: Mutex<OldestOutDictionary<HeaderSegment, VerificationError>>

    init(capacity: Int) {
        self.capacity = max(0, capacity)
        refusals = Mutex(OldestOutDictionary(capacity: capacity))
        headers = Mutex(OldestOutDictionary(capacity: capacity))
    }

    func refusal(for x5c: [String]) -> VerificationError? {
        refusals.withLock { $0[x5c] }
    }

    func insert(_ error: VerificationError, for x5c: [String]) {
        refusals.withLock { $0.insert(error, for: x5c) }
    }

    /// - Parameter jws: the compact JWS; its header segment is everything before the first '.'.
    func refusal(forHeaderOf jws: [UInt8]) -> VerificationError? {
        guard capacity > 0, let dot = jws.firstIndex(of: UInt8(ascii: ".")) else { return nil }
        let segment = HeaderSegment(bytes: Array(jws[..<dot]))
        return headers.withLock { $0[segment] }
    }

    func insert(_ error: VerificationError, forHeaderOf jws: [UInt8]) {
        guard capacity > 0, let dot = jws.firstIndex(of: UInt8(ascii: ".")) else { return }
        let segment = HeaderSegment(bytes: Array(jws[..<dot]))
        headers.withLock { $0.insert(error, for: segment) }
    }

    var count: Int { refusals.withLock { $0.count } }
}

/// A header segment as a key, hashed over all its bytes at once: anyone can insert refused
/// headers, so a hash of only part of them would let a flood collide on purpose.
private struct HeaderSegment: Hashable {
    let bytes: [UInt8]

    func hash(into hasher: inout Hasher) {
        bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
    }
}
