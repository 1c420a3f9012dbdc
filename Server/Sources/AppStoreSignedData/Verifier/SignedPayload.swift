import Foundation

/// The four kinds of App Store signed data.
public enum SignedPayloadKind: String, Sendable, CaseIterable, Codable {
    case notification
    case transaction
    case renewalInfo = "renewal-info"
    case appTransaction = "app-transaction"

    /// Guesses the kind from the (not yet verified) payload's fields; for tools that take any
    /// signed payload. Nil when the input is not a JWS with a JSON object payload.
    public static func detect(_ jws: String) -> SignedPayloadKind? {
        let parts = jws.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard parts.count == 3, let payload = Base64.decode(Array(parts[1]), alphabet: .url),
            let object = try? JSONSerialization.jsonObject(with: Data(payload)) as? [String: Any]
        else { return nil }
        if object["notificationType"] != nil { return .notification }
        if object["receiptType"] != nil || object["receiptCreationDate"] != nil { return .appTransaction }
        if object["transactionId"] != nil { return .transaction }
        if object["autoRenewStatus"] != nil || object["autoRenewProductId"] != nil { return .renewalInfo }
        return nil
    }
}

/// Any verified App Store payload.
public enum VerifiedPayload: Sendable, Encodable {
    case notification(VerifiedNotification)
    case transaction(JWSTransaction)
    case renewalInfo(JWSRenewalInfo)
    case appTransaction(AppTransaction)

    public var kind: SignedPayloadKind {
        switch self {
        case .notification: .notification
        case .transaction: .transaction
        case .renewalInfo: .renewalInfo
        case .appTransaction: .appTransaction
        }
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .notification(let value): try value.encode(to: encoder)
        case .transaction(let value): try value.encode(to: encoder)
        case .renewalInfo(let value): try value.encode(to: encoder)
        case .appTransaction(let value): try value.encode(to: encoder)
        }
    }
}

extension SignedDataVerifier {
    /// Verifies a payload of the given kind.
    public func verify(_ jws: String, as kind: SignedPayloadKind) throws(VerificationError) -> VerifiedPayload {
        switch kind {
        case .notification: .notification(try verifyNotification(jws))
        case .transaction: .transaction(try verifyTransaction(jws))
        case .renewalInfo: .renewalInfo(try verifyRenewalInfo(jws))
        case .appTransaction: .appTransaction(try verifyAppTransaction(jws))
        }
    }
}

extension AppIdentity {
    /// Checks any verified payload (a renewal info carries an environment only).
    public func check(_ payload: VerifiedPayload) throws(VerificationError) {
        switch payload {
        case .notification(let value): try check(value)
        case .transaction(let value): try check(value)
        case .renewalInfo(let value): try check(value)
        case .appTransaction(let value): try check(value)
        }
    }
}
