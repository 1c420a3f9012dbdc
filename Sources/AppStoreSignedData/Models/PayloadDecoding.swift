/// Decoding App Store payloads from a parsed ``JSONValue`` by hand, field by field, with the
/// same rules as their `Decodable` conformances: unknown fields ignored, `null` same as
/// absent, wrong types rejected naming the field.
protocol PayloadDecodable {
    init(_ fields: JSONFields) throws(VerificationError)
}

extension PayloadDecodable {
    /// Parses and decodes a payload: a JSON object.
    static func decode(_ bytes: [UInt8]) throws(VerificationError) -> Self {
        try Self(JSONFields(try JSONValue.parse(bytes), path: ""))
    }
}

/// The members of one JSON object, read by name and type.
struct JSONFields {
    let members: [String: JSONValue]
    let path: String

    init(_ value: JSONValue, path: String) throws(VerificationError) {
        guard case .object(let members) = value else {
            throw .malformedPayload("\(path.isEmpty ? "the payload" : path) is not an object")
        }
        self.members = members
        self.path = path
    }

    private func name(_ key: String) -> String { path.isEmpty ? key : path + "." + key }

    private func member(_ key: String) -> JSONValue? {
        guard let value = members[key], value != .null else { return nil }
        return value
    }

    func string(_ key: String) throws(VerificationError) -> String? {
        guard let value = member(key) else { return nil }
        guard case .string(let text) = value else { throw .malformedPayload("\(name(key)) is not a string") }
        return text
    }

    func int64(_ key: String) throws(VerificationError) -> Int64? {
        guard let value = member(key) else { return nil }
        guard case .integer(let number) = value else { throw .malformedPayload("\(name(key)) is not an integer") }
        return number
    }

    func int32(_ key: String) throws(VerificationError) -> Int32? {
        guard let number = try int64(key) else { return nil }
        guard let narrow = Int32(exactly: number) else { throw .malformedPayload("\(name(key)) is out of range") }
        return narrow
    }

    func bool(_ key: String) throws(VerificationError) -> Bool? {
        guard let value = member(key) else { return nil }
        guard case .bool(let flag) = value else { throw .malformedPayload("\(name(key)) is not a boolean") }
        return flag
    }

    func strings(_ key: String) throws(VerificationError) -> [String]? {
        guard let value = member(key) else { return nil }
        guard case .array(let items) = value else { throw .malformedPayload("\(name(key)) is not an array") }
        var result: [String] = []
        result.reserveCapacity(items.count)
        for item in items {
            guard case .string(let text) = item else { throw .malformedPayload("\(name(key)) holds a non-string") }
            result.append(text)
        }
        return result
    }

    func object(_ key: String) throws(VerificationError) -> JSONFields? {
        guard let value = member(key) else { return nil }
        return try JSONFields(value, path: name(key))
    }

    func value<T: OpenValue>(_ key: String, _ type: T.Type = T.self) throws(VerificationError) -> T?
    where T.RawValue == String {
        try string(key).map(T.init(rawValue:))
    }

    func value<T: OpenValue>(_ key: String, _ type: T.Type = T.self) throws(VerificationError) -> T?
    where T.RawValue == Int32 {
        try int32(key).map(T.init(rawValue:))
    }

    func required<T>(_ key: String, _ value: T?) throws(VerificationError) -> T {
        guard let value else { throw .malformedPayload("missing \(name(key))") }
        return value
    }
}

extension JWSTransaction: PayloadDecodable {
    init(_ f: JSONFields) throws(VerificationError) {
        self.init()
        originalTransactionId = try f.string("originalTransactionId")
        transactionId = try f.string("transactionId")
        webOrderLineItemId = try f.string("webOrderLineItemId")
        bundleId = try f.string("bundleId")
        productId = try f.string("productId")
        subscriptionGroupIdentifier = try f.string("subscriptionGroupIdentifier")
        purchaseDate = try f.int64("purchaseDate")
        originalPurchaseDate = try f.int64("originalPurchaseDate")
        expiresDate = try f.int64("expiresDate")
        quantity = try f.int32("quantity")
        type = try f.value("type")
        appAccountToken = try f.string("appAccountToken")
        inAppOwnershipType = try f.value("inAppOwnershipType")
        signedDate = try f.int64("signedDate")
        revocationReason = try f.value("revocationReason")
        revocationDate = try f.int64("revocationDate")
        isUpgraded = try f.bool("isUpgraded")
        offerType = try f.value("offerType")
        offerIdentifier = try f.string("offerIdentifier")
        environment = try f.value("environment")
        storefront = try f.string("storefront")
        storefrontId = try f.string("storefrontId")
        transactionReason = try f.value("transactionReason")
        currency = try f.string("currency")
        price = try f.int64("price")
        offerDiscountType = try f.value("offerDiscountType")
        appTransactionId = try f.string("appTransactionId")
        offerPeriod = try f.string("offerPeriod")
        revocationType = try f.value("revocationType")
        revocationPercentage = try f.int32("revocationPercentage")
    }
}

extension JWSRenewalInfo: PayloadDecodable {
    init(_ f: JSONFields) throws(VerificationError) {
        self.init()
        expirationIntent = try f.value("expirationIntent")
        originalTransactionId = try f.string("originalTransactionId")
        autoRenewProductId = try f.string("autoRenewProductId")
        productId = try f.string("productId")
        autoRenewStatus = try f.value("autoRenewStatus")
        isInBillingRetryPeriod = try f.bool("isInBillingRetryPeriod")
        priceIncreaseStatus = try f.value("priceIncreaseStatus")
        gracePeriodExpiresDate = try f.int64("gracePeriodExpiresDate")
        offerType = try f.value("offerType")
        offerIdentifier = try f.string("offerIdentifier")
        signedDate = try f.int64("signedDate")
        environment = try f.value("environment")
        recentSubscriptionStartDate = try f.int64("recentSubscriptionStartDate")
        renewalDate = try f.int64("renewalDate")
        currency = try f.string("currency")
        renewalPrice = try f.int64("renewalPrice")
        offerDiscountType = try f.value("offerDiscountType")
        eligibleWinBackOfferIds = try f.strings("eligibleWinBackOfferIds")
        appAccountToken = try f.string("appAccountToken")
        appTransactionId = try f.string("appTransactionId")
        offerPeriod = try f.string("offerPeriod")
    }
}

extension AppTransaction: PayloadDecodable {
    init(_ f: JSONFields) throws(VerificationError) {
        self.init()
        receiptType = try f.value("receiptType")
        appAppleId = try f.int64("appAppleId")
        bundleId = try f.string("bundleId")
        applicationVersion = try f.string("applicationVersion")
        versionExternalIdentifier = try f.int64("versionExternalIdentifier")
        receiptCreationDate = try f.int64("receiptCreationDate")
        originalPurchaseDate = try f.int64("originalPurchaseDate")
        originalApplicationVersion = try f.string("originalApplicationVersion")
        deviceVerification = try f.string("deviceVerification")
        deviceVerificationNonce = try f.string("deviceVerificationNonce")
        preorderDate = try f.int64("preorderDate")
        appTransactionId = try f.string("appTransactionId")
        originalPlatform = try f.value("originalPlatform")
    }
}

extension VerifiedNotification: PayloadDecodable {
    init(_ f: JSONFields) throws(VerificationError) {
        self.init(
            notificationType: NotificationType(
                rawValue: try f.required("notificationType", f.string("notificationType"))),
            subtype: try f.string("subtype").map(NotificationSubtype.init(rawValue:)),
            notificationUUID: try f.required("notificationUUID", f.string("notificationUUID")),
            version: try f.string("version"), signedDate: try f.required("signedDate", f.int64("signedDate")))
        if let d = try f.object("data") {
            var section = NotificationData(
                appAppleId: try d.int64("appAppleId"), bundleId: try d.string("bundleId"),
                bundleVersion: try d.string("bundleVersion"), environment: try d.value("environment"),
                signedTransactionInfo: try d.string("signedTransactionInfo"),
                signedRenewalInfo: try d.string("signedRenewalInfo"), status: try d.value("status"))
            section.consumptionRequestReason = try d.value("consumptionRequestReason")
            data = section
        }
        if let s = try f.object("summary") {
            var section = NotificationSummary()
            section.requestIdentifier = try s.string("requestIdentifier")
            section.environment = try s.value("environment")
            section.appAppleId = try s.int64("appAppleId")
            section.bundleId = try s.string("bundleId")
            section.productId = try s.string("productId")
            section.storefrontCountryCodes = try s.strings("storefrontCountryCodes")
            section.succeededCount = try s.int64("succeededCount")
            section.failedCount = try s.int64("failedCount")
            summary = section
        }
        if let t = try f.object("externalPurchaseToken") {
            var section = ExternalPurchaseToken()
            section.externalPurchaseId = try t.string("externalPurchaseId")
            section.tokenCreationDate = try t.int64("tokenCreationDate")
            section.appAppleId = try t.int64("appAppleId")
            section.bundleId = try t.string("bundleId")
            externalPurchaseToken = section
        }
        if let a = try f.object("appData") {
            appData = NotificationAppData(
                appAppleId: try a.int64("appAppleId"), bundleId: try a.string("bundleId"),
                environment: try a.value("environment"),
                signedAppTransactionInfo: try a.string("signedAppTransactionInfo"))
        }
        // Without a section there is no app to check it against: a shape Apple never sends.
        guard data != nil || summary != nil || externalPurchaseToken != nil || appData != nil else {
            throw .malformedPayload("the notification has none of data, summary, externalPurchaseToken and appData")
        }
    }
}
