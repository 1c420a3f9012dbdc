// Small open value types of transactions and renewal infos. Each keeps unknown raw values.

/// `type`: the kind of in-app purchase.
public struct ProductType: OpenValue {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let autoRenewableSubscription = ProductType(rawValue: "Auto-Renewable Subscription")
    public static let nonConsumable = ProductType(rawValue: "Non-Consumable")
    public static let consumable = ProductType(rawValue: "Consumable")
    public static let nonRenewingSubscription = ProductType(rawValue: "Non-Renewing Subscription")
}

/// `inAppOwnershipType`.
public struct InAppOwnershipType: OpenValue {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let familyShared = InAppOwnershipType(rawValue: "FAMILY_SHARED")
    public static let purchased = InAppOwnershipType(rawValue: "PURCHASED")
}

/// `transactionReason`.
public struct TransactionReason: OpenValue {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let purchase = TransactionReason(rawValue: "PURCHASE")
    public static let renewal = TransactionReason(rawValue: "RENEWAL")
}

/// `revocationReason`: 0 other, 1 an actual or perceived issue in the app.
public struct RevocationReason: OpenValue {
    public var rawValue: Int32
    public init(rawValue: Int32) { self.rawValue = rawValue }
    public static let other = RevocationReason(rawValue: 0)
    public static let appIssue = RevocationReason(rawValue: 1)
}

/// `revocationType`.
public struct RevocationType: OpenValue {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let refundFull = RevocationType(rawValue: "REFUND_FULL")
    public static let refundProrated = RevocationType(rawValue: "REFUND_PRORATED")
    public static let familyRevoke = RevocationType(rawValue: "FAMILY_REVOKE")
}

/// `offerType`: 1 introductory, 2 promotional, 3 offer code, 4 win-back.
public struct OfferType: OpenValue {
    public var rawValue: Int32
    public init(rawValue: Int32) { self.rawValue = rawValue }
    public static let introductory = OfferType(rawValue: 1)
    public static let promotional = OfferType(rawValue: 2)
    public static let offerCode = OfferType(rawValue: 3)
    public static let winBack = OfferType(rawValue: 4)
}

/// `offerDiscountType`.
public struct OfferDiscountType: OpenValue {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let freeTrial = OfferDiscountType(rawValue: "FREE_TRIAL")
    public static let payAsYouGo = OfferDiscountType(rawValue: "PAY_AS_YOU_GO")
    public static let payUpFront = OfferDiscountType(rawValue: "PAY_UP_FRONT")
    public static let oneTime = OfferDiscountType(rawValue: "ONE_TIME")
}

/// `autoRenewStatus`: 0 off, 1 on.
public struct AutoRenewStatus: OpenValue {
    public var rawValue: Int32
    public init(rawValue: Int32) { self.rawValue = rawValue }
    public static let off = AutoRenewStatus(rawValue: 0)
    public static let on = AutoRenewStatus(rawValue: 1)
}

/// `expirationIntent`.
public struct ExpirationIntent: OpenValue {
    public var rawValue: Int32
    public init(rawValue: Int32) { self.rawValue = rawValue }
    public static let customerCancelled = ExpirationIntent(rawValue: 1)
    public static let billingError = ExpirationIntent(rawValue: 2)
    public static let customerDidNotConsentToPriceIncrease = ExpirationIntent(rawValue: 3)
    public static let productNotAvailable = ExpirationIntent(rawValue: 4)
    public static let other = ExpirationIntent(rawValue: 5)
}

/// `priceIncreaseStatus`: 0 not yet responded, 1 consented or not required.
public struct PriceIncreaseStatus: OpenValue {
    public var rawValue: Int32
    public init(rawValue: Int32) { self.rawValue = rawValue }
    public static let notResponded = PriceIncreaseStatus(rawValue: 0)
    public static let consentedOrNotRequired = PriceIncreaseStatus(rawValue: 1)
}

/// `status` of a subscription in a notification's `data`.
public struct SubscriptionStatus: OpenValue {
    public var rawValue: Int32
    public init(rawValue: Int32) { self.rawValue = rawValue }
    public static let active = SubscriptionStatus(rawValue: 1)
    public static let expired = SubscriptionStatus(rawValue: 2)
    public static let billingRetry = SubscriptionStatus(rawValue: 3)
    public static let billingGracePeriod = SubscriptionStatus(rawValue: 4)
    public static let revoked = SubscriptionStatus(rawValue: 5)
}

/// `consumptionRequestReason` in a `CONSUMPTION_REQUEST` notification.
public struct ConsumptionRequestReason: OpenValue {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let unintendedPurchase = ConsumptionRequestReason(rawValue: "UNINTENDED_PURCHASE")
    public static let fulfillmentIssue = ConsumptionRequestReason(rawValue: "FULFILLMENT_ISSUE")
    public static let unsatisfiedWithPurchase = ConsumptionRequestReason(rawValue: "UNSATISFIED_WITH_PURCHASE")
    public static let legal = ConsumptionRequestReason(rawValue: "LEGAL")
    public static let other = ConsumptionRequestReason(rawValue: "OTHER")
}

/// `originalPlatform` of an app transaction.
public struct PurchasePlatform: OpenValue {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let iOS = PurchasePlatform(rawValue: "iOS")
    public static let macOS = PurchasePlatform(rawValue: "macOS")
    public static let tvOS = PurchasePlatform(rawValue: "tvOS")
    public static let visionOS = PurchasePlatform(rawValue: "visionOS")
}
