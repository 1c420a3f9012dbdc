import Foundation
import TestSupport
import Testing

@testable import AppStoreSignedData

/// Certificates generated at test time around the real clock, so the suite never expires.
enum Fixtures {
    static let now = Date()
    static let day: TimeInterval = 86_400

    /// Valid from a day ago for ten years.
    static func authority(leafOID: Bool = true, intermediateOID: Bool = true) throws -> LocalCertificateAuthority {
        try LocalCertificateAuthority.generate(
            notBefore: now - day, notAfter: now + 3650 * day, leafOID: leafOID, intermediateOID: intermediateOID)
    }

    static func verifier(
        trusting authorities: [LocalCertificateAuthority], effectiveTime: EffectiveTime = .signedDate,
        cacheCapacity: Int = 64, maxInputBytes: Int = 1 << 20, newChainsPerSecond: Int = 0
    ) -> SignedDataVerifier {
        // The budgets' clock stands still: a budget spent in a test stays spent, however slow
        // the machine (a test that needs it refilled moves a clock of its own).
        SignedDataVerifier(
            anchors: authorities.map(\.rootAnchor), effectiveTime: effectiveTime, cacheCapacity: cacheCapacity,
            maxInputBytes: maxInputBytes, newChainsPerSecond: newChainsPerSecond, clock: clock())
    }

    /// A clock standing at ``now`` until the test moves it.
    static func clock() -> TestClock { TestClock(milliseconds: milliseconds(now)) }

    static func milliseconds(_ date: Date) -> Int64 { Int64(date.timeIntervalSince1970 * 1000) }

    static func transaction(signedDate: Date = now, bundleId: String = "com.example.agekit") -> JWSTransaction {
        SimulatedPayloads.transaction(
            bundleId: bundleId, environment: .localTesting, appTransactionId: "705000000000000001",
            signedDate: signedDate)
    }

    static func notification(
        type: String = "SUBSCRIBED", subtype: String? = "INITIAL_BUY", environment: Environment = .localTesting,
        signedDate: Date = now, ca: LocalCertificateAuthority
    ) throws -> String {
        try SimulatedPayloads.notification(
            type: type, subtype: subtype, bundleId: "com.example.agekit", environment: environment,
            appTransactionId: "705000000000000001", signedDate: signedDate, ca: ca)
    }

    /// The header Apple would send with this authority's chain, with `alg` and `x5c` replaced.
    static func header(alg: String = "ES256", x5c: [String]?) -> [UInt8] {
        var text = "{\"alg\":\"\(alg)\""
        if let x5c { text += ",\"x5c\":[" + x5c.map { "\"\($0)\"" }.joined(separator: ",") + "]" }
        return Array((text + "}").utf8)
    }

    /// The code a verification fails with; nil when it succeeds.
    static func failure(_ body: () throws -> Any) -> VerificationError.Code? {
        do {
            _ = try body()
            return nil
        } catch let error as VerificationError {
            return error.code
        } catch {
            Issue.record("not a VerificationError: \(error)")
            return nil
        }
    }

    static func replacingCharacter(in jws: String, part: Int, at offset: Int) -> String {
        var parts = jws.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        var bytes = Array(parts[part].utf8)
        let index = offset < 0 ? bytes.count + offset : offset
        bytes[index] = bytes[index] == UInt8(ascii: "A") ? UInt8(ascii: "B") : UInt8(ascii: "A")
        parts[part] = String(decoding: bytes, as: UTF8.self)
        return parts.joined(separator: ".")
    }
}

extension Fixtures {
    static func replacingWith(_ character: Character, in jws: String, part: Int) -> String {
        var parts = jws.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        var text = Array(parts[part])
        text[text.count / 2] = character
        parts[part] = String(text)
        return parts.joined(separator: ".")
    }
}
