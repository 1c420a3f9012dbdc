import Foundation
import Testing

@testable import AppStoreSignedData

/// The hand-written payload decoding must read every payload exactly as `Codable` does.
@Suite("Payload decoding")
struct PayloadDecodingTests {
    static func payload(_ jws: String) throws -> [UInt8] {
        let parsed = try CompactJWS.parse(ArraySlice(jws.utf8))
        return parsed.payload
    }

    static func sameAsCodable<T: PayloadDecodable & Decodable & Equatable>(_ bytes: [UInt8], _ type: T.Type) throws {
        let fast = try T.decode(bytes)
        let codable = try JSONDecoder().decode(T.self, from: Data(bytes))
        #expect(fast == codable)
    }

    @Test(.enabled(if: AppleVectors.available, AppleVectors.skipMessage), arguments: AppleVectors.entries)
    func everyRealPayloadDecodesAsCodableDoes(_ entry: AppleVectors.Entry) throws {
        let bytes = try Self.payload(AppleVectors.jws(entry))
        switch entry.kind {
        case "notification": try Self.sameAsCodable(bytes, VerifiedNotification.self)
        case "transaction": try Self.sameAsCodable(bytes, JWSTransaction.self)
        default: try Self.sameAsCodable(bytes, JWSRenewalInfo.self)
        }
    }

    @Test(arguments: NotificationType.documented)
    func everySimulatedPayloadDecodesAsCodableDoes(_ type: NotificationType) throws {
        let ca = try Fixtures.authority()
        let subtype: String? = type == .renewalExtension ? "SUMMARY" : "INITIAL_BUY"
        let jws = try Fixtures.notification(type: type.rawValue, subtype: subtype, ca: ca)
        try Self.sameAsCodable(Self.payload(jws), VerifiedNotification.self)
        let appTransaction = try SimulatedPayloads.appTransaction(
            appTransactionId: "9", bundleId: "b", environment: .production, ca: ca)
        try Self.sameAsCodable(Self.payload(appTransaction), AppTransaction.self)
    }

    @Test func everyTransactionFieldIsRead() throws {
        let json = """
            {"originalTransactionId":"1","transactionId":"2","webOrderLineItemId":"3","bundleId":"b",
            "productId":"p","subscriptionGroupIdentifier":"g","purchaseDate":1,"originalPurchaseDate":2,
            "expiresDate":3,"quantity":4,"type":"Consumable","appAccountToken":"7e3fb20b-4cdb-47cc-936d-99d65f608138",
            "inAppOwnershipType":"FAMILY_SHARED","signedDate":5,"revocationReason":1,"revocationDate":6,
            "isUpgraded":true,"offerType":4,"offerIdentifier":"o","environment":"Production","storefront":"USA",
            "storefrontId":"143441","transactionReason":"RENEWAL","currency":"USD","price":990,
            "offerDiscountType":"PAY_UP_FRONT","appTransactionId":"704","offerPeriod":"P1M",
            "revocationType":"REFUND_PRORATED","revocationPercentage":50000,"someFutureField":{"a":[1.5,null]}}
            """
        let bytes = Array(json.utf8)
        try Self.sameAsCodable(bytes, JWSTransaction.self)
        let transaction = try JWSTransaction.decode(bytes)
        #expect(transaction.revocationType == .refundProrated)
        #expect(transaction.revocationPercentage == 50_000)
        #expect(transaction.offerType == .winBack)
        #expect(transaction.appAccountToken == "7e3fb20b-4cdb-47cc-936d-99d65f608138")
        let mirror = Mirror(reflecting: transaction)
        #expect(mirror.children.allSatisfy { child in (child.value as Any?).map { "\($0)" } != "nil" })
    }

    @Test(arguments: [
        #"{"signedDate":"1"}"#, #"{"signedDate":1.5}"#, #"{"quantity":3000000000}"#, #"{"isUpgraded":1}"#,
        #"{"signedDate":1,"signedDate":2}"#, #"[]"#, #"{"bundleId":"\ud800"}"#, #"{"a":01}"#, #"{"a":1,}"#,
        #"{"a":tru}"#, "{\"a\":\"\u{1}\"}", #"{"a":"x"} x"#, #"{"a":"\q"}"#, "",
    ])
    func malformedOrMistypedPayloadsAreRejected(_ json: String) {
        #expect(throws: VerificationError.self) { try JWSTransaction.decode(Array(json.utf8)) }
    }

    @Test func invalidUTF8IsRejected() {
        #expect(throws: VerificationError.self) {
            try JWSTransaction.decode([0x7B, 0x22, 0xFF, 0x22, 0x3A, 0x31, 0x7D])
        }
    }

    @Test func escapesAndNullsReadAsCodableReadsThem() throws {
        let json =
            #"{"bundleId":"a\/b\u00e9\ud83d\ude00\n","productId":null,"price":-5,"eligibleWinBackOfferIds":["x"]}"#
        try Self.sameAsCodable(Array(json.utf8), JWSTransaction.self)
        try Self.sameAsCodable(Array(json.utf8), JWSRenewalInfo.self)
        #expect(try JWSTransaction.decode(Array(json.utf8)).bundleId == "a/bé😀\n")
    }

    @Test func nestingIsBounded() {
        let deep = #"{"a":"# + String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000) + "}"
        #expect(throws: VerificationError.self) { try JWSTransaction.decode(Array(deep.utf8)) }
    }
}

/// Each model's field list is its one list: a stored property missing from it would be
/// neither decoded nor encoded, on either path.
@Suite("Payload field lists")
struct PayloadFieldListTests {
    struct KeyCollector: PayloadFieldVisitor {
        var keys: [String] = []
        mutating func string(_ key: String, _ value: inout String?) { keys.append(key) }
        mutating func int64(_ key: String, _ value: inout Int64?) { keys.append(key) }
        mutating func int32(_ key: String, _ value: inout Int32?) { keys.append(key) }
        mutating func bool(_ key: String, _ value: inout Bool?) { keys.append(key) }
        mutating func strings(_ key: String, _ value: inout [String]?) { keys.append(key) }
        mutating func value<T: OpenValue>(_ key: String, _ value: inout T?) where T.RawValue == String {
            keys.append(key)
        }
        mutating func value<T: OpenValue>(_ key: String, _ value: inout T?) where T.RawValue == Int32 {
            keys.append(key)
        }
        mutating func section<T: PayloadDecodable & Codable>(_ key: String, _ value: inout T?) { keys.append(key) }
        mutating func required(_ key: String, _ value: inout String) { keys.append(key) }
        mutating func required(_ key: String, _ value: inout Int64) { keys.append(key) }
        mutating func required<T: OpenValue>(_ key: String, _ value: inout T) where T.RawValue == String {
            keys.append(key)
        }
        mutating func verified<T: Codable>(_ key: String, _ value: inout T?) { keys.append(key) }
    }

    static func listsEveryStoredProperty<T: PayloadDecodable>(_ type: T.Type) -> Bool {
        var model = T()
        var collector = KeyCollector()
        model.visitFields(&collector)
        return collector.keys == Mirror(reflecting: model).children.compactMap(\.label)
    }

    @Test func everyStoredPropertyIsInItsModelsFieldList() {
        #expect(Self.listsEveryStoredProperty(VerifiedNotification.self))
        #expect(Self.listsEveryStoredProperty(NotificationData.self))
        #expect(Self.listsEveryStoredProperty(NotificationAppData.self))
        #expect(Self.listsEveryStoredProperty(NotificationSummary.self))
        #expect(Self.listsEveryStoredProperty(ExternalPurchaseToken.self))
        #expect(Self.listsEveryStoredProperty(JWSTransaction.self))
        #expect(Self.listsEveryStoredProperty(JWSRenewalInfo.self))
        #expect(Self.listsEveryStoredProperty(AppTransaction.self))
    }
}
