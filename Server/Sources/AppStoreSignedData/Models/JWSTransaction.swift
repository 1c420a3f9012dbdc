/// A signed transaction's payload (`JWSTransactionDecodedPayload`). Dates are milliseconds
/// since 1970; every field is optional because Apple omits what does not apply.
public struct JWSTransaction: Sendable, Codable, Equatable {
    public var originalTransactionId: String?
    public var transactionId: String?
    public var webOrderLineItemId: String?
    public var bundleId: String?
    public var productId: String?
    public var subscriptionGroupIdentifier: String?
    public var purchaseDate: Int64?
    public var originalPurchaseDate: Int64?
    public var expiresDate: Int64?
    public var quantity: Int32?
    public var type: ProductType?
    /// The UUID the app set at purchase, as Apple sends it.
    public var appAccountToken: String?
    public var inAppOwnershipType: InAppOwnershipType?
    public var signedDate: Int64?
    public var revocationReason: RevocationReason?
    public var revocationDate: Int64?
    public var isUpgraded: Bool?
    public var offerType: OfferType?
    public var offerIdentifier: String?
    public var environment: Environment?
    public var storefront: String?
    public var storefrontId: String?
    public var transactionReason: TransactionReason?
    public var currency: String?
    /// In milliunits of the currency.
    public var price: Int64?
    public var offerDiscountType: OfferDiscountType?
    public var appTransactionId: String?
    /// ISO 8601 duration of the offer.
    public var offerPeriod: String?
    public var revocationType: RevocationType?
    /// Refunded share in thousandths of a percent (0...100000).
    public var revocationPercentage: Int32?

    public init() {}
}

/// A signed renewal info's payload (`JWSRenewalInfoDecodedPayload`).
public struct JWSRenewalInfo: Sendable, Codable, Equatable {
    public var expirationIntent: ExpirationIntent?
    public var originalTransactionId: String?
    public var autoRenewProductId: String?
    public var productId: String?
    public var autoRenewStatus: AutoRenewStatus?
    public var isInBillingRetryPeriod: Bool?
    public var priceIncreaseStatus: PriceIncreaseStatus?
    public var gracePeriodExpiresDate: Int64?
    public var offerType: OfferType?
    public var offerIdentifier: String?
    public var signedDate: Int64?
    public var environment: Environment?
    public var recentSubscriptionStartDate: Int64?
    public var renewalDate: Int64?
    public var currency: String?
    public var renewalPrice: Int64?
    public var offerDiscountType: OfferDiscountType?
    public var eligibleWinBackOfferIds: [String]?
    public var appAccountToken: String?
    public var appTransactionId: String?
    public var offerPeriod: String?

    public init() {}
}

/// A signed app transaction's payload (`AppTransaction`): one per Apple Account and app,
/// even for free apps; `appTransactionId` is how a revoked consent finds the person.
public struct AppTransaction: Sendable, Codable, Equatable {
    /// The environment (`Production`, `Sandbox`, ...).
    public var receiptType: Environment?
    public var appAppleId: Int64?
    public var bundleId: String?
    public var applicationVersion: String?
    public var versionExternalIdentifier: Int64?
    public var receiptCreationDate: Int64?
    public var originalPurchaseDate: Int64?
    public var originalApplicationVersion: String?
    public var deviceVerification: String?
    public var deviceVerificationNonce: String?
    public var preorderDate: Int64?
    public var appTransactionId: String?
    public var originalPlatform: PurchasePlatform?

    public init() {}
}

extension JWSTransaction: PayloadDecodable {
    mutating func visitFields<V: PayloadFieldVisitor>(_ visitor: inout V) throws(V.Failure) {
        try visitor.string("originalTransactionId", &originalTransactionId)
        try visitor.string("transactionId", &transactionId)
        try visitor.string("webOrderLineItemId", &webOrderLineItemId)
        try visitor.string("bundleId", &bundleId)
        try visitor.string("productId", &productId)
        try visitor.string("subscriptionGroupIdentifier", &subscriptionGroupIdentifier)
        try visitor.int64("purchaseDate", &purchaseDate)
        try visitor.int64("originalPurchaseDate", &originalPurchaseDate)
        try visitor.int64("expiresDate", &expiresDate)
        try visitor.int32("quantity", &quantity)
        try visitor.value("type", &type)
        try visitor.string("appAccountToken", &appAccountToken)
        try visitor.value("inAppOwnershipType", &inAppOwnershipType)
        try visitor.int64("signedDate", &signedDate)
        try visitor.value("revocationReason", &revocationReason)
        try visitor.int64("revocationDate", &revocationDate)
        try visitor.bool("isUpgraded", &isUpgraded)
        try visitor.value("offerType", &offerType)
        try visitor.string("offerIdentifier", &offerIdentifier)
        try visitor.value("environment", &environment)
        try visitor.string("storefront", &storefront)
        try visitor.string("storefrontId", &storefrontId)
        try visitor.value("transactionReason", &transactionReason)
        try visitor.string("currency", &currency)
        try visitor.int64("price", &price)
        try visitor.value("offerDiscountType", &offerDiscountType)
        try visitor.string("appTransactionId", &appTransactionId)
        try visitor.string("offerPeriod", &offerPeriod)
        try visitor.value("revocationType", &revocationType)
        try visitor.int32("revocationPercentage", &revocationPercentage)
    }

    public init(from decoder: any Decoder) throws { try self.init(decodingFieldsFrom: decoder) }
    public func encode(to encoder: any Encoder) throws { try encodeFields(to: encoder) }
}

extension JWSRenewalInfo: PayloadDecodable {
    mutating func visitFields<V: PayloadFieldVisitor>(_ visitor: inout V) throws(V.Failure) {
        try visitor.value("expirationIntent", &expirationIntent)
        try visitor.string("originalTransactionId", &originalTransactionId)
        try visitor.string("autoRenewProductId", &autoRenewProductId)
        try visitor.string("productId", &productId)
        try visitor.value("autoRenewStatus", &autoRenewStatus)
        try visitor.bool("isInBillingRetryPeriod", &isInBillingRetryPeriod)
        try visitor.value("priceIncreaseStatus", &priceIncreaseStatus)
        try visitor.int64("gracePeriodExpiresDate", &gracePeriodExpiresDate)
        try visitor.value("offerType", &offerType)
        try visitor.string("offerIdentifier", &offerIdentifier)
        try visitor.int64("signedDate", &signedDate)
        try visitor.value("environment", &environment)
        try visitor.int64("recentSubscriptionStartDate", &recentSubscriptionStartDate)
        try visitor.int64("renewalDate", &renewalDate)
        try visitor.string("currency", &currency)
        try visitor.int64("renewalPrice", &renewalPrice)
        try visitor.value("offerDiscountType", &offerDiscountType)
        try visitor.strings("eligibleWinBackOfferIds", &eligibleWinBackOfferIds)
        try visitor.string("appAccountToken", &appAccountToken)
        try visitor.string("appTransactionId", &appTransactionId)
        try visitor.string("offerPeriod", &offerPeriod)
    }

    public init(from decoder: any Decoder) throws { try self.init(decodingFieldsFrom: decoder) }
    public func encode(to encoder: any Encoder) throws { try encodeFields(to: encoder) }
}

extension AppTransaction: PayloadDecodable {
    mutating func visitFields<V: PayloadFieldVisitor>(_ visitor: inout V) throws(V.Failure) {
        try visitor.value("receiptType", &receiptType)
        try visitor.int64("appAppleId", &appAppleId)
        try visitor.string("bundleId", &bundleId)
        try visitor.string("applicationVersion", &applicationVersion)
        try visitor.int64("versionExternalIdentifier", &versionExternalIdentifier)
        try visitor.int64("receiptCreationDate", &receiptCreationDate)
        try visitor.int64("originalPurchaseDate", &originalPurchaseDate)
        try visitor.string("originalApplicationVersion", &originalApplicationVersion)
        try visitor.string("deviceVerification", &deviceVerification)
        try visitor.string("deviceVerificationNonce", &deviceVerificationNonce)
        try visitor.int64("preorderDate", &preorderDate)
        try visitor.string("appTransactionId", &appTransactionId)
        try visitor.value("originalPlatform", &originalPlatform)
    }

    public init(from decoder: any Decoder) throws { try self.init(decodingFieldsFrom: decoder) }
    public func encode(to encoder: any Encoder) throws { try encodeFields(to: encoder) }
}
