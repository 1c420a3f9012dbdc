import Foundation
import Testing

@testable import AppStoreSignedData

/// Every error code reached with chains and payloads generated at test time.
@Suite("Generated chains reach every error code")
struct GeneratedChainTests {
    /// One way to go wrong, and the code it must give.
    enum Case: String, CaseIterable, Sendable {
        case leafWithoutAppleOID, intermediateWithoutAppleOID, appleOIDsSwapped
        case expiredChain, notYetValidChain
        case algNone, algHS256, algRS256, missingAlg, algNotAString
        case noX5C, twoEntryChain, fourEntryChain, emptyChain, x5cNotBase64, x5cNotACertificate
        case badBase64InPayload, paddedBase64, twoParts, fourParts, emptySignature, headerNotJSON
        case truncatedSignature, truncatedInput
        case payloadNotJSON, wrongJSONTypes, signedDateAsString, missingSignedDate, nestedFromAnotherRoot
        case tenMegabytes, untrustedRoot, leafSignedByAnotherKey, x5cEmptyStrings, signedDateAtInt64Min

        var expected: VerificationError.Code {
            switch self {
            case .leafWithoutAppleOID, .intermediateWithoutAppleOID, .appleOIDsSwapped: .missingAppleExtension
            case .expiredChain, .notYetValidChain, .signedDateAtInt64Min: .certificateNotValidAtTime
            case .algNone, .algHS256, .algRS256, .missingAlg: .unsupportedAlgorithm
            case .noX5C, .twoEntryChain, .fourEntryChain, .emptyChain: .missingChain
            case .x5cNotBase64, .x5cNotACertificate, .untrustedRoot, .nestedFromAnotherRoot, .x5cEmptyStrings:
                .untrustedChain
            case .badBase64InPayload, .paddedBase64, .twoParts, .fourParts, .emptySignature, .headerNotJSON,
                .truncatedInput, .algNotAString:
                .malformedJWS
            case .truncatedSignature, .leafSignedByAnotherKey: .signatureMismatch
            case .payloadNotJSON, .wrongJSONTypes, .signedDateAsString, .missingSignedDate: .malformedPayload
            case .tenMegabytes: .inputTooLarge
            }
        }
    }

    /// The input and the verifier for a case. The verifier trusts `trusted`.
    static func input(_ testCase: Case) throws -> (jws: String, verifier: SignedDataVerifier) {
        let ca = try Fixtures.authority()
        let verifier = Fixtures.verifier(trusting: [ca])
        let good = try ca.sign(Fixtures.transaction())
        let payload = try JSONEncoder().encode(Fixtures.transaction())
        func signed(header: [UInt8], payload: [UInt8] = [UInt8](payload)) throws -> String {
            try ca.sign(payload: payload, header: header)
        }
        switch testCase {
        case .leafWithoutAppleOID:
            let other = try Fixtures.authority(leafOID: false)
            return (try other.sign(Fixtures.transaction()), Fixtures.verifier(trusting: [other]))
        case .intermediateWithoutAppleOID:
            let other = try Fixtures.authority(intermediateOID: false)
            return (try other.sign(Fixtures.transaction()), Fixtures.verifier(trusting: [other]))
        case .appleOIDsSwapped:
            let other = try LocalCertificateAuthority.generate(
                notBefore: Fixtures.now - Fixtures.day, notAfter: Fixtures.now + 365 * Fixtures.day,
                leafExtension: .appleIntermediate, intermediateExtension: .appleLeaf)
            return (try other.sign(Fixtures.transaction()), Fixtures.verifier(trusting: [other]))
        case .expiredChain:
            let old = try LocalCertificateAuthority.generate(
                notBefore: Fixtures.now - 30 * Fixtures.day, notAfter: Fixtures.now - 10 * Fixtures.day)
            return (try old.sign(Fixtures.transaction()), Fixtures.verifier(trusting: [old]))
        case .notYetValidChain:
            let future = try LocalCertificateAuthority.generate(
                notBefore: Fixtures.now + 10 * Fixtures.day, notAfter: Fixtures.now + 30 * Fixtures.day)
            return (try future.sign(Fixtures.transaction()), Fixtures.verifier(trusting: [future]))
        case .algNone:
            let header = Base64.encode(Fixtures.header(alg: "none", x5c: ca.x5c), alphabet: .url)
            let body = Base64.encode([UInt8](payload), alphabet: .url)
            return (header + "." + body + ".AAAA", verifier)
        case .algHS256: return (try signed(header: Fixtures.header(alg: "HS256", x5c: ca.x5c)), verifier)
        case .algRS256: return (try signed(header: Fixtures.header(alg: "RS256", x5c: ca.x5c)), verifier)
        case .missingAlg: return (try signed(header: Array("{\"x5c\":[]}".utf8)), verifier)
        case .algNotAString: return (try signed(header: Array("{\"alg\":256}".utf8)), verifier)
        case .noX5C: return (try signed(header: Fixtures.header(x5c: nil)), verifier)
        case .twoEntryChain: return (try signed(header: Fixtures.header(x5c: Array(ca.x5c.prefix(2)))), verifier)
        case .fourEntryChain: return (try signed(header: Fixtures.header(x5c: ca.x5c + [ca.x5c[2]])), verifier)
        case .emptyChain: return (try signed(header: Fixtures.header(x5c: [])), verifier)
        case .x5cNotBase64:
            return (try signed(header: Fixtures.header(x5c: ["not*base64", ca.x5c[1], ca.x5c[2]])), verifier)
        case .x5cNotACertificate:
            return (try signed(header: Fixtures.header(x5c: ["AAAA", ca.x5c[1], ca.x5c[2]])), verifier)
        case .badBase64InPayload: return (Fixtures.replacingWith("*", in: good, part: 1), verifier)
        case .paddedBase64: return (good.replacingOccurrences(of: ".", with: "=."), verifier)
        case .twoParts: return (good.split(separator: ".").prefix(2).joined(separator: "."), verifier)
        case .fourParts: return (good + ".AAAA", verifier)
        case .emptySignature: return (String(good.prefix { $0 != "." }) + ".e30.", verifier)
        case .headerNotJSON: return (try signed(header: Array("{alg:ES256}".utf8)), verifier)
        case .truncatedSignature: return (String(good.dropLast(2)), verifier)
        case .truncatedInput: return (String(good.prefix(good.utf8.count / 3)), verifier)
        case .payloadNotJSON: return (try ca.sign(payload: Array("not json".utf8)), verifier)
        case .wrongJSONTypes:
            return (try ca.sign(payload: Array("{\"signedDate\":1,\"quantity\":\"one\"}".utf8)), verifier)
        case .signedDateAsString:
            return (try ca.sign(payload: Array("{\"signedDate\":\"1700000000000\"}".utf8)), verifier)
        case .missingSignedDate: return (try ca.sign(payload: Array("{\"bundleId\":\"x\"}".utf8)), verifier)
        case .nestedFromAnotherRoot:
            // Only reached through verifyNotification; see the test below.
            return (good, verifier)
        case .x5cEmptyStrings: return (try signed(header: Fixtures.header(x5c: ["", "", ""])), verifier)
        case .signedDateAtInt64Min:
            return (try ca.sign(payload: Array("{\"signedDate\":\(Int64.min)}".utf8)), verifier)
        case .tenMegabytes: return (String(repeating: "A", count: 10 << 20), verifier)
        case .untrustedRoot: return (good, Fixtures.verifier(trusting: [try Fixtures.authority()]))
        case .leafSignedByAnotherKey:
            let other = try Fixtures.authority()
            let forged = try other.sign(payload: [UInt8](payload))
            let parts = forged.split(separator: ".")
            let header = Base64.encode(Fixtures.header(x5c: ca.x5c), alphabet: .url)
            return ([header, String(parts[1]), String(parts[2])].joined(separator: "."), verifier)
        }
    }

    @Test(arguments: Case.allCases.filter { $0 != .nestedFromAnotherRoot })
    func eachWayToGoWrongHasItsCode(_ testCase: Case) throws {
        let (jws, verifier) = try Self.input(testCase)
        #expect(Fixtures.failure { try verifier.verifyTransaction(jws) } == testCase.expected)
    }

    @Test func aNestedTransactionFromAnotherRootIsUntrusted() throws {
        let ca = try Fixtures.authority()
        let stranger = try Fixtures.authority()
        var notification = VerifiedNotification(
            notificationType: .subscribed, notificationUUID: UUID().uuidString,
            signedDate: Fixtures.milliseconds(Fixtures.now))
        notification.data = NotificationData(
            bundleId: "com.example.agekit", environment: .localTesting,
            signedTransactionInfo: try stranger.sign(Fixtures.transaction()))
        let jws = try ca.sign(notification)
        let verifier = Fixtures.verifier(trusting: [ca])
        do {
            _ = try verifier.verifyNotification(jws)
            Issue.record("a nested transaction from an untrusted root was accepted")
        } catch {
            #expect(error.code == .untrustedChain)
            #expect(error.reason.hasPrefix("signedTransactionInfo:"))
        }
    }

    @Test func decodedFieldsAreNeverReadFromThePayload() throws {
        // A forged "transaction" object next to the signed fields must not appear as verified.
        let ca = try Fixtures.authority()
        let payload = """
            {"notificationType":"TEST","notificationUUID":"u","signedDate":\(Fixtures.milliseconds(Fixtures.now)),
            "data":{"bundleId":"com.example.agekit","transaction":{"transactionId":"forged"},
            "renewalInfo":{"productId":"forged"}},
            "appData":{"bundleId":"b","appTransaction":{"appTransactionId":"forged"}}}
            """
        let notification = try Fixtures.verifier(trusting: [ca]).verifyNotification(
            ca.sign(payload: Array(payload.utf8)))
        #expect(notification.data?.transaction == nil)
        #expect(notification.data?.renewalInfo == nil)
        #expect(notification.appData?.appTransaction == nil)
        #expect(notification.appTransactionId == nil)
    }

    @Test func theExpiryMessageNamesTheEffectiveTime() throws {
        let (jws, verifier) = try Self.input(.expiredChain)
        do {
            _ = try verifier.verifyTransaction(jws)
            Issue.record("an expired chain was accepted")
        } catch {
            #expect(error.reason.contains("(signedDate)"))
            #expect(error.reason.contains("effective time"))
        }
    }

    @Test func everyPrefixOfAValidJWSIsRejected() throws {
        let ca = try Fixtures.authority()
        let verifier = Fixtures.verifier(trusting: [ca])
        let jws = Array(try ca.sign(Fixtures.transaction()).utf8)
        for length in stride(from: 0, to: jws.count, by: 7) {
            let prefix = String(decoding: jws[0..<length], as: UTF8.self)
            #expect(Fixtures.failure { try verifier.verifyTransaction(prefix) } != nil, "prefix \(length)")
        }
        #expect(Fixtures.failure { try verifier.verifyTransaction(String(decoding: jws, as: UTF8.self)) } == nil)
    }

    @Test func theInputLimitIsConfigurable() throws {
        let ca = try Fixtures.authority()
        let jws = try ca.sign(Fixtures.transaction())
        let tight = Fixtures.verifier(trusting: [ca], maxInputBytes: jws.utf8.count - 1)
        let exact = Fixtures.verifier(trusting: [ca], maxInputBytes: jws.utf8.count)
        #expect(Fixtures.failure { try tight.verifyTransaction(jws) } == .inputTooLarge)
        #expect(Fixtures.failure { try exact.verifyTransaction(jws) } == nil)
    }
}
