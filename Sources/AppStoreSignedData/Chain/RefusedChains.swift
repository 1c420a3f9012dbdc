import Foundation
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
    ///   Nothing is copied, and nothing hashed while no header has been refused.
    func refusal(forHeaderOf jws: [UInt8]) -> VerificationError? {
        guard capacity > 0, let segment = Self.headerSegment(of: jws) else { return nil }
        return headers.withLock { $0.count == 0 ? nil : $0[HeaderSegment(bytes: segment)] }
    }

    func insert(_ error: VerificationError, forHeaderOf jws: [UInt8]) {
        guard capacity > 0, let segment = Self.headerSegment(of: jws) else { return }
        // A copy of its own: a key must not keep the whole JWS alive.
        let key = HeaderSegment(bytes: ArraySlice(Array(segment)))
        headers.withLock { $0.insert(error, for: key) }
    }

    private static func headerSegment(of jws: [UInt8]) -> ArraySlice<UInt8>? {
        let dot = jws.withUnsafeBufferPointer { buffer -> Int? in
            guard let base = buffer.baseAddress, let found = memchr(base, Int32(UInt8(ascii: ".")), buffer.count)
            else { return nil }
            return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        }
        return dot.map { jws[..<$0] }
    }

    var count: Int { refusals.withLock { $0.count } }
}

/// A header segment as a key, hashed over all its bytes at once: anyone can insert refused
/// headers, so a hash of only part of them would let a flood collide on purpose.
private struct HeaderSegment: Hashable {
    let bytes: ArraySlice<UInt8>

    func hash(into hasher: inout Hasher) {
        bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
    }
}
