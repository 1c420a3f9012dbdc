import AppStoreSignedData
import Foundation
import Testing

@Suite("Verified notifications carry the parts of their JWS")
struct JWSPartsTests {
    @Test(
        "the parts a verification returns are those of the text: segments as they came, header hashed, payload decoded",
        arguments: [0, 64])
    func partsMatchTheText(cacheCapacity: Int) throws {
        let ca = try LocalCertificateAuthority.generate(
            notBefore: Date().addingTimeInterval(-3_600), notAfter: Date().addingTimeInterval(86_400))
        let verifier = SignedDataVerifier(anchors: [ca.rootAnchor], cacheCapacity: cacheCapacity)
        // The second and third share the first's header: a cache hit when there is a cache.
        for type in ["SUBSCRIBED", "TEST", "DID_RENEW"] {
            let jws = try SimulatedPayloads.notification(
                type: type, subtype: nil, bundleId: "com.example.app", environment: .sandbox, appTransactionId: "AT1",
                ca: ca)
            let signed = try verifier.verifySignedNotification(ArraySlice(jws.utf8), receivedAt: nil)
            #expect(signed.notification == (try verifier.verifyNotification(jws)))
            let parts = try #require(JWSParts(compact: jws))
            #expect(signed.parts == parts, "\(type)")
            let segments = jws.split(separator: ".", omittingEmptySubsequences: false).map { Array($0.utf8) }
            #expect([parts.header, parts.signature] == [segments[0], segments[2]])
            #expect(parts.headerDigest == SHA256Digest.hash(segments[0]))
            #expect(Array(Base64.encode(parts.payload, alphabet: .url).utf8) == segments[1])
        }
    }

    @Test(
        "text that is not three parts with a strict base64url payload has no parts",
        arguments: ["", "abc", "a.b", "a.e30.c.d", ".e30.sig", "h.e31.sig", "h.e30=.sig"])
    func noParts(jws: String) {
        #expect(JWSParts(compact: jws) == nil)
    }
}
