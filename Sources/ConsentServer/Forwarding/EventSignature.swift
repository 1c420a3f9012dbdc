internal import CCrypto
import Foundation

/// The signature a backend checks on every forwarded event:
/// `AgeKit-Signature: v1=<hex HMAC-SHA256(secret, "<timestamp>.<body>")>` with the
/// timestamp in `AgeKit-Timestamp` (seconds since 1970), so a replay can be refused by age.
public enum EventSignature {
    public static let timestampHeader = "AgeKit-Timestamp"
    public static let signatureHeader = "AgeKit-Signature"

    public static func sign(secret: String, timestamp: Int64, body: [UInt8]) -> String {
        let message = Array("\(timestamp).".utf8) + body
        let key = Array(secret.utf8)
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        _ = key.withUnsafeBufferPointer { keyBytes in
            message.withUnsafeBufferPointer { messageBytes in
                HMAC(
                    EVP_sha256(), keyBytes.baseAddress, Int32(keyBytes.count), messageBytes.baseAddress,
                    messageBytes.count, &digest, &length)
            }
        }
        return "v1=" + digest.prefix(Int(length)).map { String(format: "%02x", $0) }.joined()
    }

    /// Every header of a forwarded event's request: the signature over `body` at `timestamp`,
    /// the event's stable id and the sender's version. `agekit simulate event` sends the same.
    public static func headers(secret: String, timestamp: Int64, body: [UInt8], eventId: String) -> [String: String] {
        [
            "Content-Type": "application/json",
            "User-Agent": Release.userAgent,
            timestampHeader: String(timestamp),
            signatureHeader: sign(secret: secret, timestamp: timestamp, body: body),
            eventIdHeader: eventId,
        ]
    }

    public static let eventIdHeader = "AgeKit-Event-Id"

    /// Constant-time check of a received signature header.
    public static func isValid(_ header: String, secret: String, timestamp: Int64, body: [UInt8]) -> Bool {
        let expected = Array(sign(secret: secret, timestamp: timestamp, body: body).utf8)
        let given = Array(header.utf8)
        guard given.count == expected.count else { return false }
        return zip(given, expected).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
