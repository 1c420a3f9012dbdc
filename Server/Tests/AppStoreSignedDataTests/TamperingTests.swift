import Foundation
import Testing

@testable import AppStoreSignedData

/// Real Apple payloads, changed in one way each, must be rejected with the matching code.
@Suite("Tampered real Apple data", .enabled(if: AppleVectors.available, AppleVectors.skipMessage))
struct TamperingTests {
    static let notifications = AppleVectors.entries(kind: "notification")
    static let all = AppleVectors.entries

    @Test(arguments: all)
    func oneChangedPayloadByteBreaksTheSignature(_ entry: AppleVectors.Entry) throws {
        let jws = try AppleVectors.jws(entry)
        let payloadLength = jws.split(separator: ".")[1].utf8.count
        let tampered = Fixtures.replacingCharacter(in: jws, part: 1, at: payloadLength / 2)
        #expect(tampered != jws)
        let verifier = try AppleVectors.verifier()
        #expect(Fixtures.failure { try verifier.verifyTransaction(tampered) } == .signatureMismatch)
    }

    @Test(arguments: all)
    func oneChangedSignatureByteBreaksTheSignature(_ entry: AppleVectors.Entry) throws {
        let jws = try AppleVectors.jws(entry)
        let tampered = Fixtures.replacingCharacter(in: jws, part: 2, at: 10)
        let verifier = try AppleVectors.verifier()
        #expect(Fixtures.failure { try verifier.verifyRenewalInfo(tampered) } == .signatureMismatch)
    }

    static let reorderings: [[Int]] = [[1, 0, 2], [0, 2, 1], [2, 1, 0], [1, 2, 0], [0, 0, 2]]

    @Test(arguments: reorderings)
    func aSwappedOrReorderedChainIsUntrusted(_ order: [Int]) throws {
        let entry = try #require(Self.notifications.first)
        let jws = try AppleVectors.jws(entry)
        let parts = jws.split(separator: ".").map(String.init)
        let header = try JOSEHeader.parse(#require(Base64.decode(Array(parts[0].utf8), alphabet: .url)))
        let x5c = try #require(header.x5c)
        let reordered = Base64.encode(Fixtures.header(x5c: order.map { x5c[$0] }), alphabet: .url)
        let tampered = [reordered, parts[1], parts[2]].joined(separator: ".")
        let verifier = try AppleVectors.verifier()
        #expect(Fixtures.failure { try verifier.verifyNotification(tampered) } == .untrustedChain)
    }

    @Test(arguments: notifications)
    func anotherTrustedRootRejectsApplesData(_ entry: AppleVectors.Entry) throws {
        let verifier = Fixtures.verifier(trusting: [try Fixtures.authority()])
        let jws = try AppleVectors.jws(entry)
        #expect(Fixtures.failure { try verifier.verifyNotification(jws) } == .untrustedChain)
    }

    @Test(arguments: notifications)
    func aWrongBundleIdIsRejectedAfterVerification(_ entry: AppleVectors.Entry) throws {
        let notification = try AppleVectors.verifier().verifyNotification(AppleVectors.jws(entry))
        let right = AppIdentity(bundleId: try #require(entry.bundleId), appAppleId: nil, environments: [.sandbox])
        let wrong = AppIdentity(bundleId: "com.example.other", appAppleId: nil, environments: [.sandbox])
        #expect(Fixtures.failure { try right.check(notification) } == nil)
        #expect(Fixtures.failure { try wrong.check(notification) } == .wrongBundleId)
    }

    @Test(arguments: notifications)
    func aWrongEnvironmentIsRejectedAfterVerification(_ entry: AppleVectors.Entry) throws {
        let notification = try AppleVectors.verifier().verifyNotification(AppleVectors.jws(entry))
        let productionOnly = AppIdentity(
            bundleId: try #require(entry.bundleId), appAppleId: 1_470_168_868, environments: [.production])
        #expect(Fixtures.failure { try productionOnly.check(notification) } == .wrongEnvironment)
    }

    @Test func realDataIsCheckedAtItsSignedDateNotNow() throws {
        let entry = try #require(Self.notifications.first)
        let jws = try AppleVectors.jws(entry)
        let longAfter = SignedDataVerifier(
            anchors: [try AppleVectors.appleRoot()], effectiveTime: .at(Date(timeIntervalSince1970: 4_102_444_800)))
        let before = SignedDataVerifier(
            anchors: [try AppleVectors.appleRoot()], effectiveTime: .at(Date(timeIntervalSince1970: 1_000_000_000)))
        let atSigning = SignedDataVerifier(
            anchors: [try AppleVectors.appleRoot()],
            effectiveTime: .at(Date(timeIntervalSince1970: TimeInterval(entry.signedDate) / 1000)))
        #expect(Fixtures.failure { try longAfter.verifyNotification(jws) } == .certificateNotValidAtTime)
        #expect(Fixtures.failure { try before.verifyNotification(jws) } == .certificateNotValidAtTime)
        #expect(Fixtures.failure { try atSigning.verifyNotification(jws) } == nil)
    }

    @Test func aNotificationIsNotATransaction() throws {
        // Strictly typed decoding: each verify function accepts only its own payload.
        let entry = try #require(Self.notifications.first)
        let jws = try AppleVectors.jws(entry)
        let verifier = try AppleVectors.verifier()
        let transaction = try verifier.verifyTransaction(jws)
        #expect(transaction.transactionId == nil)
        let transactionEntry = try #require(AppleVectors.entries(kind: "transaction").first)
        #expect(
            Fixtures.failure { try verifier.verifyNotification(AppleVectors.jws(transactionEntry)) }
                == .malformedPayload)
    }
}
