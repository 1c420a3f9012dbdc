import Foundation
import Synchronization
import TestSupport
import Testing

@testable import AppStoreSignedData

@Suite("Local certificate authority")
struct LocalCertificateAuthorityTests {
    static func temporaryDirectory() -> String {
        TestScratch.root.appendingPathComponent("agekit-ca-\(UUID().uuidString)").path
    }

    @Test func aCreatedAuthorityIsReloadedFromDiskAndVerifiesWithItsOwnRoot() throws {
        let directory = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let created = try LocalCertificateAuthority.loadOrCreate(directory: directory)
        let loaded = try LocalCertificateAuthority.loadOrCreate(directory: directory)
        #expect(created.x5c == loaded.x5c)
        #expect(created.rootAnchor.sha256Fingerprint == loaded.rootAnchor.sha256Fingerprint)
        let jws = try SimulatedPayloads.notification(
            type: "TEST", subtype: nil, bundleId: "com.example.agekit", environment: .localTesting,
            appTransactionId: "1", ca: loaded)
        let verifier = SignedDataVerifier(anchors: [created.rootAnchor])
        #expect(try verifier.verifyNotification(jws).notificationType == .test)
        let keyMode = try FileManager.default.attributesOfItem(atPath: directory + "/leaf-key.pem")[.posixPermissions]
        #expect(keyMode as? Int == 0o600)
    }

    /// `serve` and `simulate` started together both find no CA: one must create it and the
    /// other load that one, or the second's payloads fail with `untrusted_chain`.
    @Test func creatorsAtTheSameMomentEndWithOneAuthority() throws {
        for _ in 0..<20 {
            let base = Self.temporaryDirectory()
            defer { try? FileManager.default.removeItem(atPath: base) }
            // Nested: the creators make the parent directories at the same moment too.
            let directory = base + "/data/ca"
            let roots = Mutex<[String?]>([])
            DispatchQueue.concurrentPerform(iterations: 8) { _ in
                let root = try? LocalCertificateAuthority.loadOrCreate(directory: directory).rootAnchor
                roots.withLock { $0.append(root?.sha256Fingerprint) }
            }
            let found = roots.withLock { $0 }
            #expect(found.count == 8 && !found.contains(nil))
            #expect(Set(found).count == 1)
            let onDisk = try LocalCertificateAuthority.load(directory: directory)
            #expect(found.first == onDisk.rootAnchor.sha256Fingerprint)
            // Each file was written whole, under its own name: no temporary file is left.
            let names = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
            #expect(
                names == [
                    "intermediate-key.pem", "intermediate.pem", "leaf-key.pem", "leaf.pem", "root-key.pem", "root.pem",
                ])
        }
    }

    @Test func aDirectoryWithoutItsLastFileGetsANewAuthority() throws {
        let directory = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let first = try LocalCertificateAuthority.loadOrCreate(directory: directory)
        // A creator that stopped before its last file: the others are not taken as a whole one.
        try FileManager.default.removeItem(atPath: directory + "/leaf-key.pem")
        let second = try LocalCertificateAuthority.loadOrCreate(directory: directory)
        #expect(second.rootAnchor.sha256Fingerprint != first.rootAnchor.sha256Fingerprint)
        #expect(
            try LocalCertificateAuthority.load(directory: directory).rootAnchor.sha256Fingerprint
                == second.rootAnchor.sha256Fingerprint)
    }

    @Test func theRootAnchorReadsBackFromPEMAndDER() throws {
        let ca = try Fixtures.authority()
        let fromPEM = try TrustAnchor(derOrPEM: Array(ca.rootAnchor.pem.utf8))
        let fromDER = try TrustAnchor(derOrPEM: ca.rootAnchor.der)
        #expect(fromPEM.sha256Fingerprint == ca.rootAnchor.sha256Fingerprint)
        #expect(fromDER.der == ca.rootAnchor.der)
        #expect(ca.rootAnchor.sha256Fingerprint.count == 32 * 3 - 1)
        #expect(throws: VerificationError(.invalidTrustAnchor, "")) { try TrustAnchor(derOrPEM: Array("junk".utf8)) }
    }

    @Test(.enabled(if: AppleVectors.available, AppleVectors.skipMessage))
    func localPayloadsFailWithApplesRoot() throws {
        let ca = try Fixtures.authority()
        let jws = try Fixtures.notification(ca: ca)
        let apple = try AppleVectors.verifier()
        #expect(Fixtures.failure { try apple.verifyNotification(jws) } == .untrustedChain)
        #expect(Fixtures.failure { try Fixtures.verifier(trusting: [ca]).verifyNotification(jws) } == nil)
    }

    @Test func aSignatureHasTheShapeAppleUses() throws {
        let ca = try Fixtures.authority()
        let jws = try ca.sign(payload: Array("{}".utf8))
        let parts = jws.split(separator: ".")
        #expect(parts.count == 3)
        let header = try JOSEHeader.parse(#require(Base64.decode(Array(parts[0].utf8), alphabet: .url)))
        #expect(header.alg == "ES256")
        #expect(header.x5c?.count == 3)
        #expect(Base64.decode(Array(parts[2].utf8), alphabet: .url)?.count == 64)
    }

    @Test(arguments: NotificationType.documented)
    func everyNotificationTypeSimulatesAndVerifies(_ type: NotificationType) throws {
        let ca = try Fixtures.authority()
        let subtype: String? = type == .renewalExtension ? "SUMMARY" : nil
        let jws = try Fixtures.notification(type: type.rawValue, subtype: subtype, ca: ca)
        let notification = try Fixtures.verifier(trusting: [ca]).verifyNotification(jws)
        #expect(notification.notificationType == type)
        #expect(notification.bundleId == "com.example.agekit")
        // An external purchase token tells only Production from Sandbox (by its id's prefix).
        let environment: Environment = type == .externalPurchaseToken ? .sandbox : .localTesting
        #expect(notification.environment == environment)
        let identity = AppIdentity(bundleId: "com.example.agekit", appAppleId: nil, environments: [environment])
        try identity.check(notification)
    }

    @Test func rescindConsentCarriesAVerifiedAppTransaction() throws {
        let ca = try Fixtures.authority()
        let jws = try SimulatedPayloads.notification(
            type: "RESCIND_CONSENT", subtype: nil, bundleId: "com.example.agekit", environment: .sandbox,
            appTransactionId: "705000000000000042", ca: ca)
        let notification = try Fixtures.verifier(trusting: [ca]).verifyNotification(jws)
        #expect(notification.notificationType == .rescindConsent)
        #expect(notification.data == nil)
        #expect(notification.appData?.appTransaction?.appTransactionId == "705000000000000042")
        #expect(notification.appTransactionId == "705000000000000042")
        #expect(notification.appAppleId == nil)
    }

    @Test func subscribedCarriesATransactionAndRenewalInfo() throws {
        let ca = try Fixtures.authority()
        let notification = try Fixtures.verifier(trusting: [ca]).verifyNotification(Fixtures.notification(ca: ca))
        #expect(notification.subtype == .initialBuy)
        #expect(notification.data?.transaction?.appTransactionId == "705000000000000001")
        #expect(notification.data?.renewalInfo?.autoRenewStatus == .on)
        #expect(notification.transactionId != nil)
        #expect(notification.originalTransactionId == notification.transactionId)
    }

    @Test func aSignedAppTransactionIsCheckedAtItsReceiptCreationDate() throws {
        let ca = try LocalCertificateAuthority.generate(
            notBefore: Fixtures.now - 10 * Fixtures.day, notAfter: Fixtures.now - Fixtures.day)
        let verifier = Fixtures.verifier(trusting: [ca])
        let inside = try SimulatedPayloads.appTransaction(
            appTransactionId: "7", bundleId: "b", environment: .sandbox,
            receiptCreationDate: Fixtures.now - 5 * Fixtures.day, ca: ca)
        let after = try SimulatedPayloads.appTransaction(
            appTransactionId: "7", bundleId: "b", environment: .sandbox, receiptCreationDate: Fixtures.now, ca: ca)
        #expect(try verifier.verifyAppTransaction(inside).appTransactionId == "7")
        #expect(Fixtures.failure { try verifier.verifyAppTransaction(after) } == .certificateNotValidAtTime)
        let atNow = Fixtures.verifier(trusting: [ca], effectiveTime: .now)
        #expect(Fixtures.failure { try atNow.verifyAppTransaction(inside) } == .certificateNotValidAtTime)
        let atInstant = Fixtures.verifier(trusting: [ca], effectiveTime: .at(Fixtures.now - 2 * Fixtures.day))
        #expect(Fixtures.failure { try atInstant.verifyAppTransaction(after) } == nil)
    }
}
