import Foundation
import Testing

@testable import AppStoreSignedData

/// A refused chain is remembered by the header segment that carried it too, so a replayed
/// forgery is refused before any of its parts is decoded.
@Suite("Refused headers")
struct RefusedHeadersTests {
    /// A JWS from `forger` that names `root`'s root as `x5c[2]`: a full verification refuses it.
    static func forged(by forger: LocalCertificateAuthority, root: LocalCertificateAuthority) throws -> String {
        let x5c = [forger.x5c[0], forger.x5c[1], root.x5c[2]]
        return try forger.sign(
            payload: Array(try JSONEncoder().encode(Fixtures.transaction())), header: Fixtures.header(x5c: x5c))
    }

    @Test("a refused header refuses its replays, and any payload behind it, with the same reason")
    func replayed() throws {
        let ca = try Fixtures.authority()
        let verifier = Fixtures.verifier(trusting: [ca])
        let jws = try Self.forged(by: try Fixtures.authority(), root: ca)
        let first = try #require(Self.error { try verifier.verifyTransaction(jws) })
        #expect(first.code == .untrustedChain)
        #expect(Self.error { try verifier.verifyTransaction(jws) } == first)
        // The same header before a payload and a signature that are not even base64url:
        // the remembered refusal answers first, so nothing after the header was decoded.
        let header = jws.prefix(while: { $0 != "." })
        #expect(Self.error { try verifier.verifyTransaction("\(header).!!.!!") } == first)
    }

    @Test("a header never refused is parsed as before: its parts are checked in full")
    func unknownHeader() throws {
        let ca = try Fixtures.authority()
        let verifier = Fixtures.verifier(trusting: [ca])
        let header = try Self.forged(by: try Fixtures.authority(), root: ca).prefix(while: { $0 != "." })
        #expect(Fixtures.failure { try verifier.verifyTransaction("\(header).!!.!!") } == .malformedJWS)
    }

    @Test("a chain held back by the budget is not remembered: later it gets its verdict")
    func busyIsNoVerdict() throws {
        let ca = try Fixtures.authority()
        let clock = Fixtures.clock()
        let verifier = SignedDataVerifier(anchors: [ca.rootAnchor], newChainsPerSecond: 1, clock: clock)
        let spent = try Self.forged(by: try Fixtures.authority(), root: ca)
        #expect(Fixtures.failure { try verifier.verifyTransaction(spent) } == .untrustedChain)
        let held = try Self.forged(by: try Fixtures.authority(), root: ca)
        #expect(Fixtures.failure { try verifier.verifyTransaction(held) } == .verificationBusy)
        // Still the same second: still no verdict.
        clock.advance(seconds: 0.5)
        #expect(Fixtures.failure { try verifier.verifyTransaction(held) } == .verificationBusy)
        clock.advance(seconds: 0.6)
        #expect(Fixtures.failure { try verifier.verifyTransaction(held) } == .untrustedChain)
    }

    @Test(
        "the header found last answers only for itself: headers of one length that differ in one byte keep their own refusals"
    )
    func lastFound() {
        let refused = RefusedChains(capacity: 8)
        let first = Array("aGVhZGVyQQ.cGF5bG9hZA.c2ln".utf8)
        var second = first
        second[9] = UInt8(ascii: "B")
        var unknown = first
        unknown[9] = UInt8(ascii: "C")
        refused.insert(VerificationError(.untrustedChain, "first"), forHeaderOf: first)
        refused.insert(VerificationError(.missingAppleExtension, "second"), forHeaderOf: second)
        for _ in 0..<3 {
            #expect(refused.refusal(forHeaderOf: first)?.reason == "first")
            #expect(refused.refusal(forHeaderOf: first)?.reason == "first")
            #expect(refused.refusal(forHeaderOf: unknown) == nil)
            #expect(refused.refusal(forHeaderOf: second)?.reason == "second")
            #expect(refused.refusal(forHeaderOf: Array(first.prefix(9)) + [0x2E]) == nil, "a prefix of the last")
        }
    }

    @Test("no capacity keeps no header")
    func noCapacity() throws {
        let refused = RefusedChains(capacity: 0)
        let jws = Array("aGVhZGVy.cGF5bG9hZA.c2ln".utf8)
        refused.insert(VerificationError(.untrustedChain, "no"), forHeaderOf: jws)
        #expect(refused.refusal(forHeaderOf: jws) == nil)
    }

    static func error(_ body: () throws -> Any) -> VerificationError? {
        do {
            _ = try body()
            return nil
        } catch {
            return error as? VerificationError
        }
    }
}
