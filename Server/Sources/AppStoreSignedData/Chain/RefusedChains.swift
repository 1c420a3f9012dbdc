import Foundation
import Synchronization

/// Chains already refused, with the refusal: a forged payload replayed costs a lookup, not a
/// second verification. Kept twice, bounded, oldest refusal out first: by the exact `x5c`
/// strings, and by the JWS header segment that carried them (its base64url text), so a
/// replayed forgery is refused before anything in it is decoded. A header fixes its chain,
/// and a chain's refusal depends on nothing else (neither the payload nor the time).
final class RefusedChains: Sendable {
    /// The refused headers, and the one found last: a flood replays one forgery or a few, and
    /// comparing with the last costs one `memcmp` where the lookup hashes every byte.
    private struct Headers {
        var byHeader: OldestOutDictionary<HeaderSegment, Refusal>
        var last: Refusal?
    }

    private struct Refusal {
        let header: [UInt8]
        let error: VerificationError
    }

    let capacity: Int
    /// Lookups by header so far (tests: a receiver's look before verifying is not repeated).
    private let headerLookups = Atomic<Int>(0)
    private let refusals: Mutex<OldestOutDictionary<[String], VerificationError>>
    private let headers: Mutex<Headers>

    init(capacity: Int) {
        self.capacity = max(0, capacity)
        refusals = Mutex(OldestOutDictionary(capacity: capacity))
        headers = Mutex(Headers(byHeader: OldestOutDictionary(capacity: capacity)))
    }

    func refusal(for x5c: [String]) -> VerificationError? {
        refusals.withLock { $0[x5c] }
    }

    func insert(_ error: VerificationError, for x5c: [String]) {
        refusals.withLock { $0.insert(error, for: x5c) }
    }

    /// - Parameter jws: the compact JWS; its header segment is everything before the first '.'.
    ///   Nothing is copied, and nothing hashed while no header has been refused.
    func refusal(forHeaderOf jws: UnsafeRawBufferPointer) -> VerificationError? {
        guard capacity > 0, let segment = Self.headerSegment(of: jws) else { return nil }
        headerLookups.add(1, ordering: .relaxed)
        return headers.withLock { headers in
            guard headers.byHeader.count > 0 else { return nil }
            if let last = headers.last, HeaderSegment.owned(last.header) == .borrowed(segment) { return last.error }
            let found = headers.byHeader[.borrowed(segment)]
            if let found { headers.last = found }
            return found?.error
        }
    }

    func refusal(forHeaderOf jws: some ContiguousBytes) -> VerificationError? {
        jws.withUnsafeBytes { refusal(forHeaderOf: $0) }
    }

    func insert(_ error: VerificationError, forHeaderOf jws: some ContiguousBytes) {
        jws.withUnsafeBytes { jws in
            guard capacity > 0, let segment = Self.headerSegment(of: jws) else { return }
            // A copy of its own: a key must not keep the whole JWS alive.
            let header = Array(segment)
            headers.withLock { $0.byHeader.insert(Refusal(header: header, error: error), for: .owned(header)) }
        }
    }

    private static func headerSegment(of jws: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer? {
        guard let base = jws.baseAddress, let dot = Platform.offset(of: UInt8(ascii: "."), in: base, count: jws.count)
        else { return nil }
        return UnsafeRawBufferPointer(start: base, count: dot)
    }

    var count: Int { refusals.withLock { $0.count } }
    var lookupsByHeader: Int { headerLookups.load(ordering: .relaxed) }
}

/// A header segment as a key, hashed over all its bytes at once: anyone can insert refused
/// headers, so a hash of only part of them would let a flood collide on purpose. Stored keys
/// own their bytes; a lookup borrows the request's, which live only as long as the lookup.
/// Sendable because a borrowed key is never stored: only owned keys outlive a lookup.
private enum HeaderSegment: Hashable, @unchecked Sendable {
    case owned([UInt8])
    case borrowed(UnsafeRawBufferPointer)

    func withBytes<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R {
        switch self {
        case .owned(let bytes): bytes.withUnsafeBytes(body)
        case .borrowed(let bytes): body(bytes)
        }
    }

    func hash(into hasher: inout Hasher) {
        withBytes { hasher.combine(bytes: $0) }
    }

    static func == (left: HeaderSegment, right: HeaderSegment) -> Bool {
        left.withBytes { left in
            right.withBytes { right in
                guard left.count == right.count else { return false }
                guard let a = left.baseAddress, let b = right.baseAddress else { return true }
                return Platform.sameBytes(a, b, count: left.count)
            }
        }
    }
}
