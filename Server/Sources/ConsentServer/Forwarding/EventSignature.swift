import AppStoreSignedData
import Foundation

/// The signature a backend checks on every forwarded event:
/// `AgeKit-Signature: v1=<hex HMAC-SHA256(secret, "<timestamp>.<body>")>` with the
/// timestamp in `AgeKit-Timestamp` (seconds since 1970), so a replay can be refused by age.
/// During a secret's rotation the field holds one signature per secret, separated by a
/// space (`v1=<new> v1=<previous>`), and a backend accepts the event when any of them is its
/// own: it can move to the new secret at any moment of the window.
package enum EventSignature {
    package static let timestampHeader = "AgeKit-Timestamp"
    package static let signatureHeader = "AgeKit-Signature"

    package static func sign(secret: String, timestamp: Int64, body: [UInt8]) -> String {
        let code = HMACSHA256.authenticationCode(for: Array("\(timestamp).".utf8) + body, key: Array(secret.utf8))
        return "v1=" + code.map { String(format: "%02x", $0) }.joined()
    }

    /// Every header of a forwarded event's request: the signature over `body` at `timestamp`,
    /// the event's stable id and the sender's version. `agekit simulate event` sends the same.
    /// `secrets`: the current one first, then a previous one still in its rotation window.
    package static func headers(
        secrets: [String], timestamp: Int64, body: [UInt8], eventId: String
    )
        -> [String: String]
    {
        [
            "Content-Type": "application/json",
            "User-Agent": Release.userAgent,
            timestampHeader: String(timestamp),
            signatureHeader: secrets.map { sign(secret: $0, timestamp: timestamp, body: body) }.joined(separator: " "),
            eventIdHeader: eventId,
        ]
    }

    package static let eventIdHeader = "AgeKit-Event-Id"

    /// Whether any signature of a received header is `secret`'s, each compared in constant time.
    package static func isValid(_ header: String, secret: String, timestamp: Int64, body: [UInt8]) -> Bool {
        let expected = Array(sign(secret: secret, timestamp: timestamp, body: body).utf8)
        return header.split(separator: " ").reduce(false) { found, signature in
            let given = Array(signature.utf8)
            guard given.count == expected.count else { return found }
            return (zip(given, expected).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0) || found
        }
    }
}
