import Foundation
import Testing

@testable import AppStoreSignedData

@Suite("App identity")
struct AppIdentityTests {
    struct Row: Sendable, CustomTestStringConvertible {
        var name: String
        var identity: AppIdentity
        var environment: Environment
        var appAppleId: Int64?
        var expected: VerificationError.Code?
        var testDescription: String { name }
    }

    static let rows: [Row] = [
        Row(
            name: "matching sandbox app", identity: .init(bundleId: "b", appAppleId: 7, environments: [.sandbox]),
            environment: .sandbox, appAppleId: nil, expected: nil),
        Row(
            name: "other bundle id", identity: .init(bundleId: "other", appAppleId: nil, environments: []),
            environment: .sandbox, appAppleId: nil, expected: .wrongBundleId),
        Row(
            name: "production not accepted", identity: .init(bundleId: "b", appAppleId: nil, environments: [.sandbox]),
            environment: .production, appAppleId: 7, expected: .wrongEnvironment),
        Row(
            name: "production with the right app id",
            identity: .init(bundleId: "b", appAppleId: 7, environments: [.production]),
            environment: .production, appAppleId: 7, expected: nil),
        Row(
            name: "production with another app id",
            identity: .init(bundleId: "b", appAppleId: 7, environments: [.production]),
            environment: .production, appAppleId: 8, expected: .wrongAppAppleId),
        Row(
            name: "production without an app id",
            identity: .init(bundleId: "b", appAppleId: 7, environments: [.production]),
            environment: .production, appAppleId: nil, expected: .wrongAppAppleId),
        Row(
            name: "any bundle id", identity: .checking(bundleId: nil, appAppleId: nil, environments: []),
            environment: .xcode, appAppleId: nil, expected: nil),
    ]

    @Test(arguments: rows)
    func identityIsCheckedInTheOrderBundleEnvironmentAppleId(_ row: Row) throws {
        let ca = try Fixtures.authority()
        let verifier = Fixtures.verifier(trusting: [ca])
        for type in ["RESCIND_CONSENT", "SUBSCRIBED", "TEST", "EXTERNAL_PURCHASE_TOKEN"] {
            let jws = try SimulatedPayloads.notification(
                type: type, subtype: nil, bundleId: "b", environment: row.environment, appTransactionId: "1",
                appAppleId: row.appAppleId, ca: ca)
            let notification = try verifier.verifyNotification(jws)
            if type == "EXTERNAL_PURCHASE_TOKEN", row.environment != .production, row.environment != .sandbox {
                continue  // a token knows only Production and Sandbox
            }
            #expect(Fixtures.failure { try row.identity.check(notification) } == row.expected, "\(type)")
        }
        let appTransaction = try verifier.verifyAppTransaction(
            SimulatedPayloads.appTransaction(
                appTransactionId: "1", bundleId: "b", environment: row.environment, appAppleId: row.appAppleId, ca: ca))
        #expect(Fixtures.failure { try row.identity.check(appTransaction) } == row.expected)
    }

    @Test func aNotificationWithoutAnyAppSectionIsMalformed() throws {
        let ca = try Fixtures.authority()
        let payload =
            #"{"notificationType":"TEST","notificationUUID":"u","signedDate":\#(Fixtures.milliseconds(Fixtures.now))}"#
        // Refused by the verifier itself, before a chain's environment or an app is looked at.
        let jws = try ca.sign(payload: Array(payload.utf8))
        #expect(Fixtures.failure { try Fixtures.verifier(trusting: [ca]).verifyNotification(jws) } == .malformedPayload)
    }

    @Test func aNestedTransactionForAnotherAppIsRejected() throws {
        let ca = try Fixtures.authority()
        var notification = VerifiedNotification(
            notificationType: .didRenew, notificationUUID: "u", signedDate: Fixtures.milliseconds(Fixtures.now))
        notification.data = NotificationData(
            bundleId: "com.example.agekit", environment: .localTesting,
            signedTransactionInfo: try ca.sign(Fixtures.transaction(bundleId: "com.example.other")))
        let verified = try Fixtures.verifier(trusting: [ca]).verifyNotification(ca.sign(notification))
        let identity = AppIdentity(bundleId: "com.example.agekit", appAppleId: nil, environments: [.localTesting])
        #expect(Fixtures.failure { try identity.check(verified) } == .wrongBundleId)
    }
}
