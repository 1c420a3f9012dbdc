import Foundation
import Testing

@testable import AppStoreSignedData

/// A never-seen leaf under an intermediate already judged: checked against that intermediate
/// alone on a budget of its own when it was trusted, refused from memory when it was refused.
/// Verifiers here allow one full verification a second unless said otherwise, so a chain that
/// went through the full verification a second time would come back `verification_busy`.
@Suite("Known intermediates")
struct KnownIntermediatesTests {
    static func leaf(
        of ca: LocalCertificateAuthority, from: TimeInterval = -Fixtures.day, until: TimeInterval = Fixtures.day,
        leafExtension: ObjectIdentifierOpenSSL? = .appleLeaf
    ) throws -> LocalCertificateAuthority {
        try ca.reissuingLeaf(
            notBefore: Fixtures.now + from, notAfter: Fixtures.now + until, leafExtension: leafExtension)
    }

    /// Signed by `signer`'s leaf key, with its leaf and intermediate and `root`'s root in `x5c`.
    static func signed(
        _ value: JWSTransaction = Fixtures.transaction(), by signer: LocalCertificateAuthority,
        root: LocalCertificateAuthority, leaf: String? = nil
    ) throws -> String {
        let x5c = [leaf ?? signer.x5c[0], signer.x5c[1], root.x5c[2]]
        return try signer.sign(payload: Array(try JSONEncoder().encode(value)), header: Fixtures.header(x5c: x5c))
    }

    /// `x5c[0]` with the last byte of its signature changed: the same leaf, not signed by its issuer.
    static func badlySignedLeaf(_ ca: LocalCertificateAuthority) throws -> String {
        var der = try #require(Data(base64Encoded: ca.x5c[0]))
        der[der.count - 1] ^= 0x01
        return der.base64EncodedString()
    }

    /// Never-seen chains naming `ca`'s root, each under a fresh intermediate, until the main
    /// budget says busy.
    static func exhaustBudget(_ verifier: SignedDataVerifier, root ca: LocalCertificateAuthority) throws {
        for _ in 0..<64 {
            let forged = try signed(by: Fixtures.authority(), root: ca)
            if Fixtures.failure({ try verifier.verifyTransaction(forged) }) == .verificationBusy { return }
        }
        Issue.record("the budget never ran out")
    }

    static func isTrusted(_ ca: LocalCertificateAuthority, by verifier: SignedDataVerifier) throws -> Bool {
        guard case .trusted = verifier.intermediates.verdict(for: try ChainPolicy.intermediate(ca.x5c).digest) else {
            return false
        }
        return true
    }

    @Test func aNewLeafUnderAKnownIntermediateVerifiesWhenForgeriesHaveExhaustedTheBudget() throws {
        let ca = try Fixtures.authority()
        let verifier = Fixtures.verifier(trusting: [ca], newChainsPerSecond: 2)
        _ = try verifier.verifyTransaction(try ca.sign(Fixtures.transaction()))
        #expect(try Self.isTrusted(ca, by: verifier))
        try Self.exhaustBudget(verifier, root: ca)
        let rotated = try (0..<3).map { _ in try Self.leaf(of: ca) }

        #expect(try verifier.verifyTransaction(try rotated[0].sign(Fixtures.transaction())).bundleId != nil)
        #expect(try verifier.verifyTransaction(try rotated[1].sign(Fixtures.transaction())).bundleId != nil)
        // The lane has a budget too: two a second here.
        #expect(
            Fixtures.failure { try verifier.verifyTransaction(try rotated[2].sign(Fixtures.transaction())) }
                == .verificationBusy)
        // And it never refills the main budget.
        let forged = try Self.signed(by: Fixtures.authority(), root: ca)
        #expect(Fixtures.failure { try verifier.verifyTransaction(forged) } == .verificationBusy)
    }

    @Test func forgeriesOnTheOpenLaneNeverTakeTheReservedLanesTurn() throws {
        let ca = try Fixtures.authority()
        let verifier = Fixtures.verifier(trusting: [ca], newChainsPerSecond: 1)
        // Forged intermediates from anyone, until the open lane's budget for new chains says busy.
        var openCodes: [VerificationError.Code?] = []
        for _ in 0..<8 where openCodes.last != .verificationBusy {
            let forged = try Self.signed(by: Fixtures.authority(), root: ca)
            openCodes.append(Fixtures.failure { try verifier.verifyTransaction(forged, lane: .open) })
        }
        try #require(openCodes.last == .verificationBusy, "\(openCodes)")
        // Apple's first delivery after a restart: its intermediate is not known yet.
        #expect(try verifier.verifyTransaction(try ca.sign(Fixtures.transaction()), lane: .reserved).bundleId != nil)
        #expect(try Self.isTrusted(ca, by: verifier))

        // Forged leaves under the now known intermediate, until the open lane's budget for new
        // leaves says busy too.
        var leafCodes: [VerificationError.Code?] = []
        for _ in 0..<8 where leafCodes.last != .verificationBusy {
            let rotated = try Self.leaf(of: ca)
            let forged = try Self.signed(by: rotated, root: ca, leaf: try Self.badlySignedLeaf(rotated))
            leafCodes.append(Fixtures.failure { try verifier.verifyTransaction(forged, lane: .open) })
        }
        try #require(leafCodes.last == .verificationBusy, "\(leafCodes)")
        #expect(leafCodes.contains(.untrustedChain), "no forged leaf was judged: \(leafCodes)")

        // Apple's rotated leaf keeps its turn on the reserved lane; on the open lane it would wait.
        let rotated = try Self.leaf(of: ca)
        #expect(
            Fixtures.failure { try verifier.verifyTransaction(try rotated.sign(Fixtures.transaction()), lane: .open) }
                == .verificationBusy)
        #expect(
            try verifier.verifyTransaction(try rotated.sign(Fixtures.transaction()), lane: .reserved).bundleId != nil)
    }

    @Test func aFreshLeafUnderARefusedIntermediateIsRefusedFromMemoryWithoutBudget() throws {
        let ca = try Fixtures.authority()
        let forger = try Fixtures.authority()
        let verifier = Fixtures.verifier(trusting: [ca], newChainsPerSecond: 1)
        let first = try Self.signed(by: forger, root: ca)
        var reason = ""
        do {
            _ = try verifier.verifyTransaction(first)
            Issue.record("a forged chain verified")
        } catch {
            #expect(error.code == .untrustedChain)
            #expect(error.reason.contains("depth 1"), "\(error.reason)")
            reason = error.reason
        }
        #expect(verifier.intermediates.counts.refused == 1)
        for _ in 0..<3 {
            let fresh = try Self.signed(by: try Self.leaf(of: forger), root: ca)
            do {
                _ = try verifier.verifyTransaction(fresh)
                Issue.record("a forged chain verified")
            } catch {
                #expect(error.code == .untrustedChain)
                #expect(error.reason == reason)
            }
        }
        // The budget is spent: an unknown intermediate waits.
        let unknown = try Self.signed(by: Fixtures.authority(), root: ca)
        #expect(Fixtures.failure { try verifier.verifyTransaction(unknown) } == .verificationBusy)
    }

    @Test func anIntermediateWithoutApplesMarkerIsRefusedForEveryLeaf() throws {
        let ca = try Fixtures.authority(intermediateOID: false)
        let verifier = Fixtures.verifier(trusting: [ca], newChainsPerSecond: 1)
        #expect(
            Fixtures.failure { try verifier.verifyTransaction(try ca.sign(Fixtures.transaction())) }
                == .missingAppleExtension)
        let fresh = try Self.leaf(of: ca)
        #expect(
            Fixtures.failure { try verifier.verifyTransaction(try fresh.sign(Fixtures.transaction())) }
                == .missingAppleExtension)
        #expect(verifier.intermediates.counts == (trusted: 0, refused: 1))
    }

    @Test func aLeafUnderAKnownIntermediateIsStillCheckedInFull() throws {
        let ca = try Fixtures.authority()
        let verifier = Fixtures.verifier(trusting: [ca], newChainsPerSecond: 8)
        _ = try verifier.verifyTransaction(try ca.sign(Fixtures.transaction()))
        try Self.exhaustBudget(verifier, root: ca)

        let rotated = try Self.leaf(of: ca)
        let badSignature = try Self.signed(by: rotated, root: ca, leaf: try Self.badlySignedLeaf(rotated))
        #expect(Fixtures.failure { try verifier.verifyTransaction(badSignature) } == .untrustedChain)
        // A leaf from another authority, whose intermediate has the same name.
        let stranger = try Fixtures.authority()
        let foreignLeaf = try Self.signed(by: rotated, root: ca, leaf: stranger.x5c[0])
        #expect(Fixtures.failure { try verifier.verifyTransaction(foreignLeaf) } == .untrustedChain)
        // The intermediate as its own leaf: a partial chain OpenSSL accepts, one certificate long.
        let itself = try Self.signed(by: rotated, root: ca, leaf: ca.x5c[1])
        #expect(Fixtures.failure { try verifier.verifyTransaction(itself) } == .untrustedChain)
        for marker in [nil, ObjectIdentifierOpenSSL.appleIntermediate] {
            let wrong = try Self.leaf(of: ca, leafExtension: marker)
            #expect(
                Fixtures.failure { try verifier.verifyTransaction(try wrong.sign(Fixtures.transaction())) }
                    == .missingAppleExtension)
        }
        // None of it made the intermediate refused.
        #expect(try Self.isTrusted(ca, by: verifier))
        #expect(try verifier.verifyTransaction(try rotated.sign(Fixtures.transaction())).bundleId != nil)
    }

    @Test func aBadLeafNeverRefusesAGenuineIntermediate() throws {
        let ca = try Fixtures.authority()
        let verifier = Fixtures.verifier(trusting: [ca])
        let badSignature = try Self.signed(by: ca, root: ca, leaf: try Self.badlySignedLeaf(ca))
        #expect(Fixtures.failure { try verifier.verifyTransaction(badSignature) } == .untrustedChain)
        // A leaf issued by the root itself, sent with the genuine intermediate: OpenSSL's chain
        // skips the intermediate.
        let key = try #require(OpenSSLKey.generateP256())
        let fromRoot = try CertificateBuilder.issue(
            role: .leaf, commonName: "Leaf under the root", subjectKey: key, issuer: (ca.root, ca.rootKey), serial: 7,
            notBefore: Int64(Fixtures.now.timeIntervalSince1970) - 3600,
            notAfter: Int64(Fixtures.now.timeIntervalSince1970) + 3600, appleOID: .appleLeaf)
        let skipping = try Self.signed(by: ca, root: ca, leaf: Base64.encode(fromRoot.der, alphabet: .standard))
        #expect(Fixtures.failure { try verifier.verifyTransaction(skipping) } == .untrustedChain)
        #expect(verifier.intermediates.counts == (trusted: 0, refused: 0))
        #expect(try verifier.verifyTransaction(try ca.sign(Fixtures.transaction())).bundleId != nil)
    }

    @Test func aNewLeafsWindowIsTheIntersectionWithTheIntermediatesAndTheRoots() throws {
        let ca = try LocalCertificateAuthority.generate(
            notBefore: Fixtures.now - 10 * Fixtures.day, notAfter: Fixtures.now + 10 * Fixtures.day)
        let verifier = Fixtures.verifier(trusting: [ca], newChainsPerSecond: 1)
        _ = try verifier.verifyTransaction(try ca.sign(Fixtures.transaction()))
        // Valid from before the intermediate to the day before yesterday.
        let rotated = try Self.leaf(of: ca, from: -20 * Fixtures.day, until: -2 * Fixtures.day)
        func verify(daysAgo: Double) -> VerificationError.Code? {
            Fixtures.failure {
                try verifier.verifyTransaction(
                    try rotated.sign(Fixtures.transaction(signedDate: Fixtures.now - daysAgo * Fixtures.day)))
            }
        }
        #expect(verify(daysAgo: 5) == nil)
        #expect(verify(daysAgo: 15) == .certificateNotValidAtTime)  // the leaf's, not the intermediate's
        #expect(verify(daysAgo: 1) == .certificateNotValidAtTime)  // the intermediate's, not the leaf's
        let window = try #require(verifier.cache.chain(for: rotated.x5c)?.validity)
        #expect(window.notBefore == Int64((Fixtures.now - 10 * Fixtures.day).timeIntervalSince1970.rounded(.down)))
        #expect(window.notAfter == Int64((Fixtures.now - 2 * Fixtures.day).timeIntervalSince1970.rounded(.down)))
    }

    @Test func aNewLeafUnderTheLocalCAStaysRestrictedToItsEnvironments() throws {
        let ca = try Fixtures.authority()
        let verifier = SignedDataVerifier(
            anchors: [ca.rootAnchor.restricted(to: [.localTesting, .xcode])], newChainsPerSecond: 1,
            clock: Fixtures.clock())
        _ = try verifier.verifyTransaction(try ca.sign(Fixtures.transaction()))
        let rotated = try Self.leaf(of: ca)
        func transaction(_ environment: Environment) -> JWSTransaction {
            SimulatedPayloads.transaction(
                bundleId: "com.example.agekit", environment: environment, appTransactionId: "1",
                signedDate: Fixtures.now)
        }
        #expect(
            Fixtures.failure { try verifier.verifyTransaction(try rotated.sign(transaction(.production))) }
                == .untrustedForEnvironment)
        #expect(try verifier.verifyTransaction(try rotated.sign(transaction(.xcode))).environment == .xcode)
    }

    @Test func refusalsNeverPushOutTrustedIntermediatesAndEachListDropsItsOldest() throws {
        let known = KnownIntermediates(trustedCapacity: 2, refusedCapacity: 3)
        let authorities = try (0..<3).map { _ in try Fixtures.authority() }
        let trusted = authorities.map {
            TrustedIntermediate(certificate: $0.intermediate, validity: $0.intermediate.validity, environments: nil)
        }
        func digest(_ index: Int) -> [UInt8] { SHA256Digest.hash([UInt8(index)]) }
        known.trust(trusted[0], for: digest(0))
        known.trust(trusted[1], for: digest(1))
        for index in 100..<200 { known.refuse(VerificationError(.untrustedChain, "\(index)"), for: digest(index)) }
        #expect(known.counts == (trusted: 2, refused: 3))
        guard case .trusted(let first) = known.verdict(for: digest(0)) else {
            Issue.record("the first trusted intermediate was pushed out by refusals")
            return
        }
        #expect(first === trusted[0])
        #expect(known.verdict(for: digest(196)) == nil)
        guard case .refused(let newest) = known.verdict(for: digest(199)) else {
            Issue.record("the newest refusal is missing")
            return
        }
        #expect(newest.reason == "199")
        known.trust(trusted[2], for: digest(2))
        #expect(known.verdict(for: digest(0)) == nil)
        #expect(known.counts.trusted == 2)
    }

    @Test func aZeroCacheCapacityKeepsNoIntermediate() throws {
        let ca = try Fixtures.authority()
        let verifier = Fixtures.verifier(trusting: [ca], cacheCapacity: 0)
        _ = try verifier.verifyTransaction(try ca.sign(Fixtures.transaction()))
        _ = try verifier.verifyTransaction(try Self.leaf(of: ca).sign(Fixtures.transaction()))
        #expect(verifier.intermediates.counts == (trusted: 0, refused: 0))
    }
}
