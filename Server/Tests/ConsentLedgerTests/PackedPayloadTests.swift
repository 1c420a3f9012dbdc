import AppStoreSignedData
import ConsentLedger
import Foundation
import TestSupport
import Testing

@Suite("Packed signed payloads: the header once, the exact signed text back")
struct PackedPayloadTests {
    @Test(
        "every real Apple signed payload packs and unpacks to the same text",
        .enabled(if: AppleVectorFiles.directory != nil, "the real Apple vectors are absent"))
    func realApplePayloads() throws {
        let vectors = AppleVectorFiles.signedData()
        #expect(vectors.count >= 40)
        for (file, jws) in vectors {
            let packed = try #require(PackedPayload(jws), "\(file) did not pack")
            #expect(packed.signedPayload == jws, "\(file)")
            #expect(!packed.body.contains(packed.header), "\(file)")
            #expect(packed.headerDigest.count == 64)
            // Notifications carry nested JWS with the same certificate chain: most of their size.
            if file.hasPrefix("notification-") && jws.utf8.count > 8_000 {
                #expect(packed.body.count * 3 < jws.utf8.count, "\(file)")
            }
        }
    }

    @Test("a local notification with a nested transaction and renewal info keeps one copy of the header")
    func localNotification() throws {
        let ca = try LocalCertificateAuthority.generate(
            notBefore: Date().addingTimeInterval(-3_600), notAfter: Date().addingTimeInterval(86_400))
        let jws = try SimulatedPayloads.notification(
            type: "SUBSCRIBED", subtype: "INITIAL_BUY", bundleId: "com.example.app", environment: .sandbox,
            appTransactionId: "AT1", ca: ca)
        let packed = try #require(PackedPayload(jws))
        #expect(packed.signedPayload == jws)
        #expect(packed.body.filter { $0 == 0x01 }.count == 2)
        #expect(packed.body.count + packed.signature.count < jws.utf8.count / 4)
        // Another notification signed with the same chain has the same header digest.
        let other = try SimulatedPayloads.notification(
            type: "TEST", subtype: nil, bundleId: "com.example.app", environment: .sandbox, appTransactionId: "AT2",
            ca: ca)
        #expect(PackedPayload(other)?.headerDigest == packed.headerDigest)
    }

    @Test(
        "what would not come back byte for byte is not packed",
        arguments: [
            "", "abc", "a.b", "a.e30.c.d", ".e30.sig",
            "h.e31.sig",  // "{}" with non-zero unused bits: not the canonical text
            "h.e30=.sig",  // padding
            "h.\(Base64.encode([0x7B, 0x01, 0x7D], alphabet: .url)).sig",  // the mark byte
            "h.\(Base64.encode([0x7B, 0x00, 0x7D], alphabet: .url)).sig",  // NUL
            "h.\(Base64.encode([0x7B, 0xFF, 0xFE, 0x7D], alphabet: .url)).sig",  // not UTF-8
        ])
    func refused(jws: String) {
        #expect(PackedPayload(jws) == nil)
    }

    @Test("random payloads with headers inside come back exactly")
    func randomRoundTrips() throws {
        var generator = SystemRandomNumberGenerator()
        let header = "eyJhbGciOiJFUzI1NiJ9"
        let pieces = [
            header, "e", "ey", "eyJ", header + header, "\"", ".", "a", "é", "{}", String(header.dropLast()) + "X",
        ]
        for _ in 0..<500 {
            let payload = (0..<Int.random(in: 0...12, using: &generator)).map { _ in
                pieces.randomElement(using: &generator)!
            }.joined()
            let jws = header + "." + Base64.encode(Array(payload.utf8), alphabet: .url) + ".c2ln"
            let packed = try #require(PackedPayload(jws))
            #expect(packed.signedPayload == jws)
            #expect(!packed.body.contains(Array(header.utf8)))
        }
    }
}
