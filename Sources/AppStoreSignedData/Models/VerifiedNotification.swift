/// A verified App Store Server Notification V2 (`ResponseBodyV2DecodedPayload`), with its
/// nested signed fields verified and decoded.
///
/// Exactly one of ``data``, ``summary``, ``externalPurchaseToken`` and ``appData`` is
/// expected; the convenience properties read the app identity from whichever is present.
public struct VerifiedNotification: Sendable, Codable, Equatable {
    public var notificationType: NotificationType
    public var subtype: NotificationSubtype?
    public var notificationUUID: String
    public var version: String?
    /// Milliseconds since 1970.
    public var signedDate: Int64
    public var data: NotificationData?
    public var summary: NotificationSummary?
    public var externalPurchaseToken: ExternalPurchaseToken?
    public var appData: NotificationAppData?

    public init(
        notificationType: NotificationType, subtype: NotificationSubtype? = nil, notificationUUID: String,
        version: String? = "2.0", signedDate: Int64, data: NotificationData? = nil,
        summary: NotificationSummary? = nil, externalPurchaseToken: ExternalPurchaseToken? = nil,
        appData: NotificationAppData? = nil
    ) {
        self.notificationType = notificationType
        self.subtype = subtype
        self.notificationUUID = notificationUUID
        self.version = version
        self.signedDate = signedDate
        self.data = data
        self.summary = summary
        self.externalPurchaseToken = externalPurchaseToken
        self.appData = appData
    }

    public var bundleId: String? {
        data?.bundleId ?? summary?.bundleId ?? externalPurchaseToken?.bundleId ?? appData?.bundleId
    }

    public var environment: Environment? {
        data?.environment ?? summary?.environment ?? appData?.environment
            ?? externalPurchaseToken.map { $0.environment }
    }

    public var appAppleId: Int64? {
        data?.appAppleId ?? summary?.appAppleId ?? externalPurchaseToken?.appAppleId ?? appData?.appAppleId
    }

    public var transactionId: String? { data?.transaction?.transactionId }
    public var originalTransactionId: String? { data?.transaction?.originalTransactionId }

    /// From `appData`'s app transaction, else from the transaction.
    public var appTransactionId: String? {
        appData?.appTransaction?.appTransactionId ?? data?.transaction?.appTransactionId
            ?? data?.renewalInfo?.appTransactionId
    }
}

/// `data`: the app and, for purchase events, the signed transaction and renewal info.
public struct NotificationData: Sendable, Codable, Equatable {
    public var appAppleId: Int64?
    public var bundleId: String?
    public var bundleVersion: String?
    public var environment: Environment?
    public var signedTransactionInfo: String?
    public var signedRenewalInfo: String?
    public var status: SubscriptionStatus?
    public var consumptionRequestReason: ConsumptionRequestReason?
    /// ``signedTransactionInfo`` verified and decoded; never read from the payload itself.
    public var transaction: JWSTransaction?
    /// ``signedRenewalInfo`` verified and decoded; never read from the payload itself.
    public var renewalInfo: JWSRenewalInfo?

    public init(
        appAppleId: Int64? = nil, bundleId: String? = nil, bundleVersion: String? = nil,
        environment: Environment? = nil, signedTransactionInfo: String? = nil, signedRenewalInfo: String? = nil,
        status: SubscriptionStatus? = nil, consumptionRequestReason: ConsumptionRequestReason? = nil
    ) {
        self.appAppleId = appAppleId
        self.bundleId = bundleId
        self.bundleVersion = bundleVersion
        self.environment = environment
        self.signedTransactionInfo = signedTransactionInfo
        self.signedRenewalInfo = signedRenewalInfo
        self.status = status
        self.consumptionRequestReason = consumptionRequestReason
    }

    private enum SignedKeys: String, CodingKey {
        case appAppleId, bundleId, bundleVersion, environment, signedTransactionInfo, signedRenewalInfo, status
        case consumptionRequestReason
    }

    private enum DecodedKeys: String, CodingKey {
        case transaction, renewalInfo
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: SignedKeys.self)
        appAppleId = try container.decodeIfPresent(Int64.self, forKey: .appAppleId)
        bundleId = try container.decodeIfPresent(String.self, forKey: .bundleId)
        bundleVersion = try container.decodeIfPresent(String.self, forKey: .bundleVersion)
        environment = try container.decodeIfPresent(Environment.self, forKey: .environment)
        signedTransactionInfo = try container.decodeIfPresent(String.self, forKey: .signedTransactionInfo)
        signedRenewalInfo = try container.decodeIfPresent(String.self, forKey: .signedRenewalInfo)
        status = try container.decodeIfPresent(SubscriptionStatus.self, forKey: .status)
        consumptionRequestReason = try container.decodeIfPresent(
            ConsumptionRequestReason.self, forKey: .consumptionRequestReason)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: SignedKeys.self)
        try container.encodeIfPresent(appAppleId, forKey: .appAppleId)
        try container.encodeIfPresent(bundleId, forKey: .bundleId)
        try container.encodeIfPresent(bundleVersion, forKey: .bundleVersion)
        try container.encodeIfPresent(environment, forKey: .environment)
        try container.encodeIfPresent(signedTransactionInfo, forKey: .signedTransactionInfo)
        try container.encodeIfPresent(signedRenewalInfo, forKey: .signedRenewalInfo)
        try container.encodeIfPresent(status, forKey: .status)
        try container.encodeIfPresent(consumptionRequestReason, forKey: .consumptionRequestReason)
        var decoded = encoder.container(keyedBy: DecodedKeys.self)
        try decoded.encodeIfPresent(transaction, forKey: .transaction)
        try decoded.encodeIfPresent(renewalInfo, forKey: .renewalInfo)
    }
}

/// `appData`: sent with `RESCIND_CONSENT`; identifies the person through the signed app transaction.
public struct NotificationAppData: Sendable, Codable, Equatable {
    /// Absent in the sandbox.
    public var appAppleId: Int64?
    public var bundleId: String?
    public var environment: Environment?
    public var signedAppTransactionInfo: String?
    /// ``signedAppTransactionInfo`` verified and decoded; never read from the payload itself.
    public var appTransaction: AppTransaction?

    public init(
        appAppleId: Int64? = nil, bundleId: String? = nil, environment: Environment? = nil,
        signedAppTransactionInfo: String? = nil
    ) {
        self.appAppleId = appAppleId
        self.bundleId = bundleId
        self.environment = environment
        self.signedAppTransactionInfo = signedAppTransactionInfo
    }

    private enum SignedKeys: String, CodingKey {
        case appAppleId, bundleId, environment, signedAppTransactionInfo
    }

    private enum DecodedKeys: String, CodingKey {
        case appTransaction
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: SignedKeys.self)
        appAppleId = try container.decodeIfPresent(Int64.self, forKey: .appAppleId)
        bundleId = try container.decodeIfPresent(String.self, forKey: .bundleId)
        environment = try container.decodeIfPresent(Environment.self, forKey: .environment)
        signedAppTransactionInfo = try container.decodeIfPresent(String.self, forKey: .signedAppTransactionInfo)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: SignedKeys.self)
        try container.encodeIfPresent(appAppleId, forKey: .appAppleId)
        try container.encodeIfPresent(bundleId, forKey: .bundleId)
        try container.encodeIfPresent(environment, forKey: .environment)
        try container.encodeIfPresent(signedAppTransactionInfo, forKey: .signedAppTransactionInfo)
        var decoded = encoder.container(keyedBy: DecodedKeys.self)
        try decoded.encodeIfPresent(appTransaction, forKey: .appTransaction)
    }
}

/// `summary`: the outcome of a bulk subscription-renewal-date extension.
public struct NotificationSummary: Sendable, Codable, Equatable {
    public var requestIdentifier: String?
    public var environment: Environment?
    public var appAppleId: Int64?
    public var bundleId: String?
    public var productId: String?
    public var storefrontCountryCodes: [String]?
    public var succeededCount: Int64?
    public var failedCount: Int64?

    public init() {}
}

/// `externalPurchaseToken`: an external purchase the developer has not reported yet.
public struct ExternalPurchaseToken: Sendable, Codable, Equatable {
    public var externalPurchaseId: String?
    public var tokenCreationDate: Int64?
    public var appAppleId: Int64?
    public var bundleId: String?

    public init() {}

    /// The token carries no environment: Apple marks sandbox tokens by an id starting with `SANDBOX`.
    public var environment: Environment {
        externalPurchaseId?.hasPrefix("SANDBOX") == true ? .sandbox : .production
    }
}
