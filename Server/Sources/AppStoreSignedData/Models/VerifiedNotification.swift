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

extension VerifiedNotification: PayloadDecodable {
    mutating func visitFields<V: PayloadFieldVisitor>(_ visitor: inout V) throws(V.Failure) {
        try visitor.required("notificationType", &notificationType)
        try visitor.value("subtype", &subtype)
        try visitor.required("notificationUUID", &notificationUUID)
        try visitor.string("version", &version)
        try visitor.required("signedDate", &signedDate)
        try visitor.section("data", &data)
        try visitor.section("summary", &summary)
        try visitor.section("externalPurchaseToken", &externalPurchaseToken)
        try visitor.section("appData", &appData)
    }

    /// Filled by the table: every field is read or the decoding fails.
    init() { self.init(notificationType: .unknown(""), notificationUUID: "", version: nil, signedDate: 0) }

    /// Without a section there is no app to check it against: a shape Apple never sends.
    func check() throws(VerificationError) {
        guard data != nil || summary != nil || externalPurchaseToken != nil || appData != nil else {
            throw .malformedPayload("the notification has none of data, summary, externalPurchaseToken and appData")
        }
    }

    public init(from decoder: any Decoder) throws { try self.init(decodingFieldsFrom: decoder) }
    public func encode(to encoder: any Encoder) throws { try encodeFields(to: encoder) }
}

extension NotificationData: PayloadDecodable {
    mutating func visitFields<V: PayloadFieldVisitor>(_ visitor: inout V) throws(V.Failure) {
        try visitor.int64("appAppleId", &appAppleId)
        try visitor.string("bundleId", &bundleId)
        try visitor.string("bundleVersion", &bundleVersion)
        try visitor.value("environment", &environment)
        try visitor.string("signedTransactionInfo", &signedTransactionInfo)
        try visitor.string("signedRenewalInfo", &signedRenewalInfo)
        try visitor.value("status", &status)
        try visitor.value("consumptionRequestReason", &consumptionRequestReason)
        try visitor.verified("transaction", &transaction)
        try visitor.verified("renewalInfo", &renewalInfo)
    }

    init() { self.init(appAppleId: nil) }

    public init(from decoder: any Decoder) throws { try self.init(decodingFieldsFrom: decoder) }
    public func encode(to encoder: any Encoder) throws { try encodeFields(to: encoder) }
}

extension NotificationAppData: PayloadDecodable {
    mutating func visitFields<V: PayloadFieldVisitor>(_ visitor: inout V) throws(V.Failure) {
        try visitor.int64("appAppleId", &appAppleId)
        try visitor.string("bundleId", &bundleId)
        try visitor.value("environment", &environment)
        try visitor.string("signedAppTransactionInfo", &signedAppTransactionInfo)
        try visitor.verified("appTransaction", &appTransaction)
    }

    init() { self.init(appAppleId: nil) }

    public init(from decoder: any Decoder) throws { try self.init(decodingFieldsFrom: decoder) }
    public func encode(to encoder: any Encoder) throws { try encodeFields(to: encoder) }
}

extension NotificationSummary: PayloadDecodable {
    mutating func visitFields<V: PayloadFieldVisitor>(_ visitor: inout V) throws(V.Failure) {
        try visitor.string("requestIdentifier", &requestIdentifier)
        try visitor.value("environment", &environment)
        try visitor.int64("appAppleId", &appAppleId)
        try visitor.string("bundleId", &bundleId)
        try visitor.string("productId", &productId)
        try visitor.strings("storefrontCountryCodes", &storefrontCountryCodes)
        try visitor.int64("succeededCount", &succeededCount)
        try visitor.int64("failedCount", &failedCount)
    }

    public init(from decoder: any Decoder) throws { try self.init(decodingFieldsFrom: decoder) }
    public func encode(to encoder: any Encoder) throws { try encodeFields(to: encoder) }
}

extension ExternalPurchaseToken: PayloadDecodable {
    mutating func visitFields<V: PayloadFieldVisitor>(_ visitor: inout V) throws(V.Failure) {
        try visitor.string("externalPurchaseId", &externalPurchaseId)
        try visitor.int64("tokenCreationDate", &tokenCreationDate)
        try visitor.int64("appAppleId", &appAppleId)
        try visitor.string("bundleId", &bundleId)
    }

    public init(from decoder: any Decoder) throws { try self.init(decodingFieldsFrom: decoder) }
    public func encode(to encoder: any Encoder) throws { try encodeFields(to: encoder) }
}
