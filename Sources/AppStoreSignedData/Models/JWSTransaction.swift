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
