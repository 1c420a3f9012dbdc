import Foundation
import Testing

@testable import AppStoreSignedData

@Suite("Real Apple-signed data", .enabled(if: AppleVectors.available, AppleVectors.skipMessage))
struct RealAppleDataTests {
    @Test func appleRootHasThePublishedFingerprint() throws {
        #expect(
            try AppleVectors.appleRoot().sha256Fingerprint
                == "63:34:3A:BF:B8:9A:6A:03:EB:B5:7E:9B:3F:5F:A7:BE:7C:4F:5C:75:6F:30:17:B3:A8:C4:88:C3:65:3E:91:79")
    }

    @Test(arguments: AppleVectors.entries(kind: "notification"))
    func everyRealNotificationVerifiesAtItsSignedDateAndDecodes(_ entry: AppleVectors.Entry) throws {
        let notification = try AppleVectors.verifier().verifyNotification(AppleVectors.jws(entry))
        #expect(notification.notificationType.rawValue == entry.notificationType)
        #expect(notification.notificationType.isDocumented)
        #expect(notification.subtype?.rawValue == entry.subtype)
        #expect(notification.environment?.rawValue == entry.environment)
        #expect(notification.bundleId == entry.bundleId)
        #expect(notification.signedDate == entry.signedDate)
        #expect(notification.version == "2.0")
        let transaction = try #require(notification.data?.transaction)
        #expect(transaction.bundleId == entry.bundleId)
        #expect(transaction.transactionId != nil)
        #expect(notification.transactionId == transaction.transactionId)
        #expect(notification.appTransactionId == transaction.appTransactionId)
    }

    @Test(arguments: AppleVectors.entries(kind: "transaction"))
    func everyRealTransactionVerifiesAndDecodes(_ entry: AppleVectors.Entry) throws {
        let transaction = try AppleVectors.verifier().verifyTransaction(AppleVectors.jws(entry))
        #expect(transaction.signedDate == entry.signedDate)
        #expect(transaction.bundleId == entry.bundleId)
        #expect(transaction.environment?.rawValue == entry.environment)
        #expect(transaction.type == .autoRenewableSubscription)
    }

    @Test(arguments: AppleVectors.entries(kind: "renewal-info"))
    func everyRealRenewalInfoVerifiesAndDecodes(_ entry: AppleVectors.Entry) throws {
        let info = try AppleVectors.verifier().verifyRenewalInfo(AppleVectors.jws(entry))
        #expect(info.signedDate == entry.signedDate)
        #expect(info.environment?.rawValue == entry.environment)
        #expect(info.originalTransactionId != nil)
    }
}
