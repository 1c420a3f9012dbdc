import Dispatch
import Foundation
import Synchronization
import Testing

@testable import AppStoreSignedData

/// The prepared ES256 verifier (a pool of reused `EVP_PKEY_CTX`) and the header cache: they
/// must decide exactly as a fresh context does, under concurrency too.
@Suite("Prepared ES256 verification and header cache")
struct PreparedVerificationTests {
    /// A P-256 key, a digest and its raw `R || S` signature.
    static func signed() throws -> (key: OpenSSLKey, digest: [UInt8], raw: [UInt8]) {
        let key = try #require(OpenSSLKey.generateP256())
        let message = Array("eyJhbGciOiJFUzI1NiJ9.eyJzaWduZWREYXRlIjoxfQ".utf8)
        let der = try #require(key.signSHA256(message))
        let raw = try #require(ECDSASignature.raw(fromDER: der))
        return (key, SHA256Digest.hash(message), raw)
    }

    /// The P-256 group order n, big-endian.
    static let order: [UInt8] = [
        0xFF, 0xFF, 0xFF, 0xFF, 0x00, 0x00, 0x00, 0x00, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
        0xBC, 0xE6, 0xFA, 0xAD, 0xA7, 0x17, 0x9E, 0x84, 0xF3, 0xB9, 0xCA, 0xC2, 0xFC, 0x63, 0x25, 0x51,
    ]

    /// n - value for a 32-byte big-endian value below n.
    static func orderMinus(_ value: ArraySlice<UInt8>) -> [UInt8] {
        let value = Array(value)
        var out = [UInt8](repeating: 0, count: 32)
        var borrow = 0
        for index in stride(from: 31, through: 0, by: -1) {
            var digit = Int(order[index]) - Int(value[index]) - borrow
            borrow = digit < 0 ? 1 : 0
            if digit < 0 { digit += 256 }
            out[index] = UInt8(digit)
        }
        return out
    }

    /// Signatures a verifier must judge like a fresh context does.
    static func variants(_ raw: [UInt8]) -> [(name: String, raw: [UInt8])] {
        var flipped = raw
        flipped[5] ^= 0x01
        var lastFlipped = raw
        lastFlipped[63] ^= 0x80
        let zero = [UInt8](repeating: 0, count: 32)
        let ones = [UInt8](repeating: 0xFF, count: 32)
        return [
            ("valid", raw),
            ("changed R byte", flipped),
            ("changed S byte", lastFlipped),
            ("zero R", zero + raw[32...]),
            ("zero S", raw[..<32] + zero),
            ("S above the order", raw[..<32] + ones),
            ("R equal to the order", order + raw[32...]),
            ("high S (n - s)", raw[..<32] + orderMinus(raw[32...])),
            ("all zero", zero + zero),
        ]
    }

    @Test func decidesLikeAFreshContextOnEveryVariant() throws {
        let (key, digest, raw) = try Self.signed()
        let prepared = ES256Verifier(key: key, precomputeAfter: .max)  // the context pool only
        // Twice, so the second round runs on contexts that already saw failures.
        for _ in 0..<2 {
            for variant in Self.variants(raw) {
                let fresh = key.verify(derSignature: ECDSASignature.der(fromRaw: variant.raw), digest: digest)
                #expect(prepared.verify(rawSignature: variant.raw, digest: digest) == fresh, "\(variant.name)")
            }
        }
        #expect(prepared.verify(rawSignature: raw, digest: digest))
        for name in ["changed R byte", "changed S byte", "zero R", "zero S", "S above the order", "all zero"] {
            let variant = try #require(Self.variants(raw).first { $0.name == name })
            #expect(!prepared.verify(rawSignature: variant.raw, digest: digest), "\(name)")
        }
        var otherDigest = digest
        otherDigest[0] ^= 1
        #expect(!prepared.verify(rawSignature: raw, digest: otherDigest))
        #expect(!prepared.verify(rawSignature: Array(raw.prefix(63)), digest: digest))
        #expect(!prepared.verify(rawSignature: raw, digest: Array(digest.prefix(31))))
        // Still right after all those failures.
        #expect(prepared.verify(rawSignature: raw, digest: digest))
        #expect(prepared.idleCount == 1)
    }

    @Test func threadsSharingOneKeyAllGetTheRightAnswer() throws {
        let (key, digest, raw) = try Self.signed()
        let prepared = ES256Verifier(key: key, precomputeAfter: .max)  // the context pool only
        var changed = raw
        changed[40] ^= 0x04
        let bad = changed
        let threads = 8
        let rounds = 40
        let wrong = Counter()
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            for round in 0..<rounds {
                let good = (thread + round) % 3 != 0
                if prepared.verify(rawSignature: good ? raw : bad, digest: digest) != good { wrong.add() }
            }
        }
        #expect(wrong.value == 0)
        #expect(prepared.idleCount >= 1 && prepared.idleCount <= ES256Verifier.maxIdle)
        #expect(prepared.verify(rawSignature: raw, digest: digest))
    }

    @Test func theFixedKeyTableDecidesLikeAFreshContext() throws {
        let (key, digest, raw) = try Self.signed()
        let table = try #require(P256FixedKey(key: key))
        for variant in Self.variants(raw) {
            let fresh = key.verify(derSignature: ECDSASignature.der(fromRaw: variant.raw), digest: digest)
            #expect(table.verify(rawSignature: variant.raw, digest: digest) == fresh, "\(variant.name)")
        }
        #expect(table.verify(rawSignature: raw, digest: digest))
        // The other key's valid signature, a changed digest, wrong lengths.
        let (_, otherDigest, otherRaw) = try Self.signed()
        #expect(!table.verify(rawSignature: otherRaw, digest: otherDigest))
        var changedDigest = digest
        changedDigest[31] ^= 0x01
        #expect(!table.verify(rawSignature: raw, digest: changedDigest))
        #expect(!table.verify(rawSignature: Array(raw.prefix(63)), digest: digest))
        #expect(!table.verify(rawSignature: raw, digest: Array(digest.prefix(31))))
        #expect(table.idleCount == 1)
    }

    @Test func theFixedKeyTableAgreesOnManyRandomSignatures() throws {
        let key = try #require(OpenSSLKey.generateP256())
        let table = try #require(P256FixedKey(key: key))
        var disagreements: [String] = []
        var accepted = 0
        for round in 0..<200 {
            let message = Array("message \(round) \(UInt64.random(in: 0...UInt64.max))".utf8)
            let der = try #require(key.signSHA256(message))
            var raw = try #require(ECDSASignature.raw(fromDER: der))
            var digest = SHA256Digest.hash(message)
            switch round % 4 {
            case 1: raw[Int.random(in: 0..<64)] ^= UInt8(1 << Int.random(in: 0..<8))
            case 2: digest[Int.random(in: 0..<32)] ^= UInt8(1 << Int.random(in: 0..<8))
            case 3: raw = Array(raw[32...] + raw[..<32])
            default: break
            }
            let fresh = key.verify(derSignature: ECDSASignature.der(fromRaw: raw), digest: digest)
            let fast = table.verify(rawSignature: raw, digest: digest)
            if fresh != fast { disagreements.append("round \(round): fresh \(fresh), table \(fast)") }
            if fast { accepted += 1 }
        }
        #expect(disagreements.isEmpty, "\(disagreements)")
        #expect(accepted == 50)
    }

    @Test func aKeyUsedOftenMovesToTheTableAndStaysRight() throws {
        let (key, digest, raw) = try Self.signed()
        let prepared = ES256Verifier(key: key, precomputeAfter: 3, buildsInBackground: false)
        var changed = raw
        changed[7] ^= 0x10
        for round in 0..<3 {
            #expect(prepared.verify(rawSignature: round == 1 ? changed : raw, digest: digest) == (round != 1))
            #expect(!prepared.usesTable)
        }
        #expect(prepared.verify(rawSignature: raw, digest: digest))
        #expect(prepared.usesTable)
        #expect(prepared.idleCount == 0)
        #expect(!prepared.verify(rawSignature: changed, digest: digest))
        let bad = changed
        let wrong = Counter()
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for round in 0..<30 {
                let good = (thread + round) % 3 != 0
                if prepared.verify(rawSignature: good ? raw : bad, digest: digest) != good { wrong.add() }
            }
        }
        #expect(wrong.value == 0)
    }

    @Test func theTableIsBuiltInTheBackgroundWhileVerificationsGoOn() throws {
        let (key, digest, raw) = try Self.signed()
        // The build the verifier hands to its background, run here on a thread of the test's.
        let handed = Mutex<[@Sendable () -> Void]>([])
        let prepared = ES256Verifier(key: key, precomputeAfter: 2) { build in handed.withLock { $0.append(build) } }
        var changed = raw
        changed[50] ^= 0x01
        let bad = changed
        let wrong = Counter()
        for _ in 0..<3 where !prepared.verify(rawSignature: raw, digest: digest) { wrong.add() }
        let builds = handed.withLock { $0 }
        try #require(builds.count == 1, "the third use hands over one build")
        #expect(!prepared.usesTable)
        // Verifications during the build take the context path and decide the same.
        let built = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            builds[0]()
            built.signal()
        }
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for round in 0..<20 {
                let good = round % 3 != 0
                if prepared.verify(rawSignature: good ? raw : bad, digest: digest) != good { wrong.add() }
            }
        }
        #expect(built.wait(timeout: .now() + 10) == .success)
        #expect(wrong.value == 0)
        #expect(handed.withLock { $0.count } == 1, "no other verification hands over a second build")
        #expect(prepared.usesTable)
        #expect(prepared.verify(rawSignature: raw, digest: digest))
        #expect(!prepared.verify(rawSignature: bad, digest: digest))
    }

    @Test func threadsRacingPastTheThresholdBuildOneTable() throws {
        let (key, digest, raw) = try Self.signed()
        let prepared = ES256Verifier(key: key, precomputeAfter: 1, buildsInBackground: false)
        let wrong = Counter()
        DispatchQueue.concurrentPerform(iterations: 6) { _ in
            for _ in 0..<10 where !prepared.verify(rawSignature: raw, digest: digest) { wrong.add() }
        }
        #expect(wrong.value == 0)
        #expect(prepared.usesTable)
    }

    @Test(.enabled(if: AppleVectors.available, AppleVectors.skipMessage))
    func realAppleSignaturesVerifyOnTheFixedKeyTable() throws {
        for entry in AppleVectors.entries {
            let parsed = try CompactJWS.parse(ArraySlice(try AppleVectors.jws(entry).utf8))
            var leaf = try #require(parsed.header.x5c?.first)
            let der = try #require(leaf.withUTF8 { Base64.decode($0, alphabet: .standard) })
            let key = try #require(X509Certificate(der: der)?.publicKey)
            let table = try #require(P256FixedKey(key: key))
            let digest = parsed.signingInputDigest
            #expect(table.verify(rawSignature: parsed.signature, digest: digest), "\(entry.file)")
            var changed = parsed.signature
            changed[33] ^= 0x02
            #expect(!table.verify(rawSignature: changed, digest: digest), "\(entry.file)")
        }
    }

    @Test func threadsVerifyingWithOneCachedChainAllSucceed() throws {
        let ca = try Fixtures.authority()
        let verifier = Fixtures.verifier(trusting: [ca])
        let jws = try ca.sign(Fixtures.transaction())
        let tampered = Fixtures.replacingCharacter(in: jws, part: 2, at: 10)
        _ = try verifier.verifyTransaction(jws)
        let wrong = Counter()
        DispatchQueue.concurrentPerform(iterations: 6) { thread in
            for round in 0..<25 {
                if (thread + round) % 4 == 0 {
                    if Fixtures.failure({ try verifier.verifyTransaction(tampered) }) != .signatureMismatch {
                        wrong.add()
                    }
                } else if Fixtures.failure({ try verifier.verifyTransaction(jws) }) != nil {
                    wrong.add()
                }
            }
        }
        #expect(wrong.value == 0)
        #expect(verifier.cacheStatistics.misses == 1)
        #expect(verifier.headers.count == 1)
    }

    @Test func aCachedHeaderStillNeedsTheSignature() throws {
        let ca = try Fixtures.authority()
        let verifier = Fixtures.verifier(trusting: [ca])
        let jws = try ca.sign(Fixtures.transaction())
        _ = try verifier.verifyTransaction(jws)
        #expect(verifier.headers.count == 1)
        let payloadLength = jws.split(separator: ".")[1].utf8.count
        let changedPayload = Fixtures.replacingCharacter(in: jws, part: 1, at: payloadLength / 2)
        let changedSignature = Fixtures.replacingCharacter(in: jws, part: 2, at: 10)
        #expect(Fixtures.failure { try verifier.verifyTransaction(changedPayload) } == .signatureMismatch)
        #expect(Fixtures.failure { try verifier.verifyTransaction(changedSignature) } == .signatureMismatch)
        _ = try verifier.verifyTransaction(jws)
        #expect(verifier.headers.count == 1)
    }

    @Test func aHashedPrefixGivesTheOneShotDigest() {
        var generator = SystemRandomNumberGenerator()
        for prefixLength in [0, 1, 63, 64, 65, 127, 128, 200, 5000] {
            let prefix = (0..<prefixLength).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let state = prefix.withUnsafeBytes { SHA256Digest.Prefix($0) }
            #expect((state == nil) == (prefixLength < 64), "\(prefixLength)")
            #expect(state.map { $0.count == prefixLength / 64 * 64 } ?? true)
            for extra in [0, 1, 55, 56, 64, 300] {
                let input = prefix + (0..<extra).map { _ in UInt8.random(in: 0...255, using: &generator) }
                let expected = SHA256Digest.hash(input)
                if let state {
                    #expect(input.withUnsafeBytes { state.hash($0) } == expected, "\(prefixLength) + \(extra)")
                }
            }
        }
    }

    @Test func anUntrustedHeaderIsNotRemembered() throws {
        let verifier = Fixtures.verifier(trusting: [try Fixtures.authority()])
        let other = try Fixtures.authority()
        let jws = try other.sign(Fixtures.transaction())
        #expect(Fixtures.failure { try verifier.verifyTransaction(jws) } == .untrustedChain)
        #expect(Fixtures.failure { try verifier.verifyTransaction(jws) } == .untrustedChain)
        #expect(verifier.headers.count == 0)
    }

    @Test func theHeaderCacheIsBoundedAndOffWithTheChainCache() throws {
        let authorities = try (0..<3).map { _ in try Fixtures.authority() }
        let bounded = Fixtures.verifier(trusting: authorities, cacheCapacity: 2)
        let off = Fixtures.verifier(trusting: authorities, cacheCapacity: 0)
        for ca in authorities + authorities {
            let jws = try ca.sign(Fixtures.transaction())
            _ = try bounded.verifyTransaction(jws)
            _ = try off.verifyTransaction(jws)
            #expect(bounded.headers.count <= 2)
        }
        #expect(off.headers.count == 0)
    }

    @Test(.enabled(if: AppleVectors.available, AppleVectors.skipMessage))
    func realAppleDataVerifiesAgainOnCachedHeaders() throws {
        let verifier = try AppleVectors.verifier()
        for _ in 0..<2 {
            for entry in AppleVectors.entries {
                let jws = try AppleVectors.jws(entry)
                switch entry.kind {
                case "notification": _ = try verifier.verifyNotification(jws)
                case "transaction": _ = try verifier.verifyTransaction(jws)
                default: _ = try verifier.verifyRenewalInfo(jws)
                }
                let tampered = Fixtures.replacingCharacter(in: jws, part: 2, at: 20)
                #expect(Fixtures.failure { try verifier.verifyRenewalInfo(tampered) } == .signatureMismatch)
            }
        }
        #expect(verifier.headers.count >= 1)
    }
}

/// A thread-safe tally for the concurrent tests.
private final class Counter: Sendable {
    private let count = Mutex(0)
    func add() { count.withLock { $0 += 1 } }
    var value: Int { count.withLock { $0 } }
}
