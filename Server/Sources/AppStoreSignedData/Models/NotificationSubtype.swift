/// `subtype` of an App Store Server Notification V2.
///
/// An enum whose ``unknown(_:)`` case keeps a value Apple adds later instead of failing.
public enum NotificationSubtype: OpenValue {
    case initialBuy
    case resubscribe
    case downgrade
    case upgrade
    case autoRenewEnabled
    case autoRenewDisabled
    case voluntary
    case billingRetry
    case priceIncrease
    case gracePeriod
    case pending
    case accepted
    case billingRecovery
    case productNotForSale
    case summary
    case failure
    case unreported
    case created
    case activeTokenReminder
    case unknown(String)

    /// Every documented value (19).
    public static let documented: [NotificationSubtype] = [
        .initialBuy, .resubscribe, .downgrade, .upgrade, .autoRenewEnabled, .autoRenewDisabled, .voluntary,
        .billingRetry, .priceIncrease, .gracePeriod, .pending, .accepted, .billingRecovery, .productNotForSale,
        .summary, .failure, .unreported, .created, .activeTokenReminder,
    ]

    public init(rawValue: String) {
        switch rawValue {
        case "INITIAL_BUY": self = .initialBuy
        case "RESUBSCRIBE": self = .resubscribe
        case "DOWNGRADE": self = .downgrade
        case "UPGRADE": self = .upgrade
        case "AUTO_RENEW_ENABLED": self = .autoRenewEnabled
        case "AUTO_RENEW_DISABLED": self = .autoRenewDisabled
        case "VOLUNTARY": self = .voluntary
        case "BILLING_RETRY": self = .billingRetry
        case "PRICE_INCREASE": self = .priceIncrease
        case "GRACE_PERIOD": self = .gracePeriod
        case "PENDING": self = .pending
        case "ACCEPTED": self = .accepted
        case "BILLING_RECOVERY": self = .billingRecovery
        case "PRODUCT_NOT_FOR_SALE": self = .productNotForSale
        case "SUMMARY": self = .summary
        case "FAILURE": self = .failure
        case "UNREPORTED": self = .unreported
        case "CREATED": self = .created
        case "ACTIVE_TOKEN_REMINDER": self = .activeTokenReminder
        default: self = .unknown(rawValue)
        }
    }

    public var rawValue: String {
        switch self {
        case .initialBuy: "INITIAL_BUY"
        case .resubscribe: "RESUBSCRIBE"
        case .downgrade: "DOWNGRADE"
        case .upgrade: "UPGRADE"
        case .autoRenewEnabled: "AUTO_RENEW_ENABLED"
        case .autoRenewDisabled: "AUTO_RENEW_DISABLED"
        case .voluntary: "VOLUNTARY"
        case .billingRetry: "BILLING_RETRY"
        case .priceIncrease: "PRICE_INCREASE"
        case .gracePeriod: "GRACE_PERIOD"
        case .pending: "PENDING"
        case .accepted: "ACCEPTED"
        case .billingRecovery: "BILLING_RECOVERY"
        case .productNotForSale: "PRODUCT_NOT_FOR_SALE"
        case .summary: "SUMMARY"
        case .failure: "FAILURE"
        case .unreported: "UNREPORTED"
        case .created: "CREATED"
        case .activeTokenReminder: "ACTIVE_TOKEN_REMINDER"
        case .unknown(let value): value
        }
    }

    public var isDocumented: Bool {
        if case .unknown = self { return false }
        return true
    }
}
