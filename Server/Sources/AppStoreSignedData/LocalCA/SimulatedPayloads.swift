import Foundation
import ServerTime

/// Payloads shaped like the App Store's, signed by a ``LocalCertificateAuthority``: what
/// `agekit simulate` prints and what server tests post.
public enum SimulatedPayloads {
    /// A signed notification V2.
    ///
    /// `RESCIND_CONSENT` carries `appData` with a signed app transaction; `EXTERNAL_PURCHASE_TOKEN`
    /// an `externalPurchaseToken`; `RENEWAL_EXTENSION`/`SUMMARY` a `summary`; `TEST` a bare
    /// `data`; every other type a `data` with a signed transaction and renewal info.
    public static func notification(
        type: String, subtype: String?, bundleId: String, environment: Environment, appTransactionId: String,
        notificationUUID: String = UUID().uuidString.lowercased(), signedDate: Date = SystemClock().date(),
        appAppleId: Int64? = nil, ca: LocalCertificateAuthority
    ) throws(VerificationError) -> String {
        let milliseconds = Self.milliseconds(signedDate)
        let kind = NotificationType(rawValue: type)
        let subtypeValue = subtype.map(NotificationSubtype.init(rawValue:))
        var notification = VerifiedNotification(
            notificationType: kind, subtype: subtypeValue, notificationUUID: notificationUUID, signedDate: milliseconds)
        let appleId = appAppleId ?? (environment == .production ? 1 : nil)
        switch kind {
        case .rescindConsent:
            notification.appData = NotificationAppData(
                appAppleId: appleId, bundleId: bundleId, environment: environment,
                signedAppTransactionInfo: try appTransaction(
                    appTransactionId: appTransactionId, bundleId: bundleId, environment: environment,
                    receiptCreationDate: signedDate, appAppleId: appleId, ca: ca))
        case .externalPurchaseToken:
            var token = ExternalPurchaseToken()
            let prefix = environment == .production ? "" : "SANDBOX_"
            token.externalPurchaseId = prefix + UUID().uuidString.lowercased()
            token.tokenCreationDate = milliseconds
            token.appAppleId = appleId
            token.bundleId = bundleId
            notification.externalPurchaseToken = token
        case .renewalExtension where subtypeValue == .summary:
            var summary = NotificationSummary()
            summary.requestIdentifier = UUID().uuidString.lowercased()
            summary.environment = environment
            summary.appAppleId = appleId
            summary.bundleId = bundleId
            summary.productId = bundleId + ".monthly"
            summary.storefrontCountryCodes = ["USA"]
            summary.succeededCount = 1
            summary.failedCount = 0
            notification.summary = summary
        case .test:
            notification.data = NotificationData(appAppleId: appleId, bundleId: bundleId, environment: environment)
        default:
            let transaction = Self.transaction(
                bundleId: bundleId, environment: environment, appTransactionId: appTransactionId, signedDate: signedDate
            )
            var data = NotificationData(
                appAppleId: appleId, bundleId: bundleId, bundleVersion: "1", environment: environment,
                signedTransactionInfo: try ca.sign(transaction), status: .active)
            if kind == .consumptionRequest {
                data.consumptionRequestReason = .unintendedPurchase
            } else {
                data.signedRenewalInfo = try ca.sign(Self.renewalInfo(for: transaction))
            }
            notification.data = data
        }
        return try ca.sign(notification)
    }

    /// A signed app transaction: what the app would send its backend to link the Apple Account.
    public static func appTransaction(
        appTransactionId: String, bundleId: String, environment: Environment,
        receiptCreationDate: Date = SystemClock().date(),
        appAppleId: Int64? = nil, ca: LocalCertificateAuthority
    ) throws(VerificationError) -> String {
        var value = AppTransaction()
        value.receiptType = environment
        value.appAppleId = appAppleId ?? (environment == .production ? 1 : nil)
        value.bundleId = bundleId
        value.applicationVersion = "1"
        value.receiptCreationDate = milliseconds(receiptCreationDate)
        value.originalPurchaseDate = milliseconds(receiptCreationDate) - 86_400_000
        value.originalApplicationVersion = "1"
        value.deviceVerification = Data((0..<48).map { _ in UInt8.random(in: 0...255) }).base64EncodedString()
        value.deviceVerificationNonce = UUID().uuidString.lowercased()
        value.appTransactionId = appTransactionId
        value.originalPlatform = .iOS
        return try ca.sign(value)
    }

    static func transaction(
        bundleId: String, environment: Environment, appTransactionId: String, signedDate: Date
    )
        -> JWSTransaction
    {
        let now = milliseconds(signedDate)
        var value = JWSTransaction()
        let id = String(UInt64.random(in: 2_000_000_000_000_000...2_999_999_999_999_999))
        value.transactionId = id
        value.originalTransactionId = id
        value.webOrderLineItemId = String(UInt64.random(in: 2_000_000_000_000_000...2_999_999_999_999_999))
        value.bundleId = bundleId
        value.productId = bundleId + ".monthly"
        value.subscriptionGroupIdentifier = "21000000"
        value.purchaseDate = now
        value.originalPurchaseDate = now
        value.expiresDate = now + 30 * 86_400_000
        value.quantity = 1
        value.type = .autoRenewableSubscription
        value.inAppOwnershipType = .purchased
        value.signedDate = now
        value.environment = environment
        value.storefront = "USA"
        value.storefrontId = "143441"
        value.transactionReason = .purchase
        value.currency = "USD"
        value.price = 4990
        value.appTransactionId = appTransactionId
        return value
    }

    static func renewalInfo(for transaction: JWSTransaction) -> JWSRenewalInfo {
        var value = JWSRenewalInfo()
        value.originalTransactionId = transaction.originalTransactionId
        value.autoRenewProductId = transaction.productId
        value.productId = transaction.productId
        value.autoRenewStatus = .on
        value.signedDate = transaction.signedDate
        value.environment = transaction.environment
        value.recentSubscriptionStartDate = transaction.purchaseDate
        value.renewalDate = transaction.expiresDate
        value.currency = transaction.currency
        value.renewalPrice = transaction.price
        value.appTransactionId = transaction.appTransactionId
        return value
    }

    static func milliseconds(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
    }
}
