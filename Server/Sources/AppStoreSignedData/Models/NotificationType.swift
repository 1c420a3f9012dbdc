/// `notificationType` of an App Store Server Notification V2.
///
/// An enum whose ``unknown(_:)`` case keeps a value Apple adds later instead of failing.
public enum NotificationType: OpenValue {
    case consumptionRequest
    case didChangeRenewalPref
    case didChangeRenewalStatus
    case didFailToRenew
    case didRenew
    case expired
    case externalPurchaseToken
    case gracePeriodExpired
    case metadataUpdate
    case migration
    case offerRedeemed
    case oneTimeCharge
    case priceChange
    case priceIncrease
    case refund
    case refundDeclined
    case refundReversed
    case renewalExtended
    case renewalExtension
    case rescindConsent
    case revoke
    case subscribed
    case test
    case unknown(String)

    /// Every documented value (23).
    public static let documented: [NotificationType] = [
        .consumptionRequest, .didChangeRenewalPref, .didChangeRenewalStatus, .didFailToRenew, .didRenew, .expired,
        .externalPurchaseToken, .gracePeriodExpired, .metadataUpdate, .migration, .offerRedeemed, .oneTimeCharge,
        .priceChange, .priceIncrease, .refund, .refundDeclined, .refundReversed, .renewalExtended, .renewalExtension,
        .rescindConsent, .revoke, .subscribed, .test,
    ]

    public init(rawValue: String) {
        switch rawValue {
        case "CONSUMPTION_REQUEST": self = .consumptionRequest
        case "DID_CHANGE_RENEWAL_PREF": self = .didChangeRenewalPref
        case "DID_CHANGE_RENEWAL_STATUS": self = .didChangeRenewalStatus
        case "DID_FAIL_TO_RENEW": self = .didFailToRenew
        case "DID_RENEW": self = .didRenew
        case "EXPIRED": self = .expired
        case "EXTERNAL_PURCHASE_TOKEN": self = .externalPurchaseToken
        case "GRACE_PERIOD_EXPIRED": self = .gracePeriodExpired
        case "METADATA_UPDATE": self = .metadataUpdate
        case "MIGRATION": self = .migration
        case "OFFER_REDEEMED": self = .offerRedeemed
        case "ONE_TIME_CHARGE": self = .oneTimeCharge
        case "PRICE_CHANGE": self = .priceChange
        case "PRICE_INCREASE": self = .priceIncrease
        case "REFUND": self = .refund
        case "REFUND_DECLINED": self = .refundDeclined
        case "REFUND_REVERSED": self = .refundReversed
        case "RENEWAL_EXTENDED": self = .renewalExtended
        case "RENEWAL_EXTENSION": self = .renewalExtension
        case "RESCIND_CONSENT": self = .rescindConsent
        case "REVOKE": self = .revoke
        case "SUBSCRIBED": self = .subscribed
        case "TEST": self = .test
        default: self = .unknown(rawValue)
        }
    }

    public var rawValue: String {
        switch self {
        case .consumptionRequest: "CONSUMPTION_REQUEST"
        case .didChangeRenewalPref: "DID_CHANGE_RENEWAL_PREF"
        case .didChangeRenewalStatus: "DID_CHANGE_RENEWAL_STATUS"
        case .didFailToRenew: "DID_FAIL_TO_RENEW"
        case .didRenew: "DID_RENEW"
        case .expired: "EXPIRED"
        case .externalPurchaseToken: "EXTERNAL_PURCHASE_TOKEN"
        case .gracePeriodExpired: "GRACE_PERIOD_EXPIRED"
        case .metadataUpdate: "METADATA_UPDATE"
        case .migration: "MIGRATION"
        case .offerRedeemed: "OFFER_REDEEMED"
        case .oneTimeCharge: "ONE_TIME_CHARGE"
        case .priceChange: "PRICE_CHANGE"
        case .priceIncrease: "PRICE_INCREASE"
        case .refund: "REFUND"
        case .refundDeclined: "REFUND_DECLINED"
        case .refundReversed: "REFUND_REVERSED"
        case .renewalExtended: "RENEWAL_EXTENDED"
        case .renewalExtension: "RENEWAL_EXTENSION"
        case .rescindConsent: "RESCIND_CONSENT"
        case .revoke: "REVOKE"
        case .subscribed: "SUBSCRIBED"
        case .test: "TEST"
        case .unknown(let value): value
        }
    }

    public var isDocumented: Bool {
        if case .unknown = self { return false }
        return true
    }
}
