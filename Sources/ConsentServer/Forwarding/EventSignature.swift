import AppStoreSignedData
import Foundation

/// The signature a backend checks on every forwarded event:
/// `AgeKit-Signature: v1=<hex HMAC-SHA256(secret, "<timestamp>.<body>")>` with the
/// timestamp in `AgeKit-Timestamp` (seconds since 1970), so a replay can be refused by age.
package enum EventSignature {
    package static let timestampHeader = "AgeKit-Timestamp"
    package static let signatureHeader = "AgeKit-Signature"

    package static func sign(secret: String, timestamp: Int64, body: [UInt8]) -> String {
        let code = HMACSHA256.authenticationCode(for: Array("\(timestamp).".utf8) + body, key: Array(secret.utf8))
        return "v1=" + code.map { String(format: "%02x", $0) }.joined()
    }

    /// Every header of a forwarded event's request: the signature over `body` at `timestamp`,
    /// the event's stable id and the sender's version. `agekit simulate event` sends the same.
    package static func headers(secret: String, timestamp: Int64, body: [UInt8], eventId: String) -> [String: String] {
        [
            "Content-Type": "application/json",
            "User-Agent": Release.userAgent,
            timestampHeader: String(timestamp),
            signatureHeader: sign(secret: secret, timestamp: timestamp, body: body),
            eventIdHeader: eventId,
        ]
    }

    package static let eventIdHeader = "AgeKit-Event-Id"

    /// Constant-time check of a received signature header.
    package static func isValid(_ header: String, secret: String, timestamp: Int64, body: [UInt8]) -> Bool {
        let expected = Array(sign(secret: secret, timestamp: timestamp, body: body).utf8)
        let given = Array(header.utf8)
        guard given.count == expected.count else { return false }
        return zip(given, expected).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
