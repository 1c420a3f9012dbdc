import AppStoreServerAPI
import Foundation
import TestSupport
import Testing

@Suite struct AuthenticationTokenTests {
    let key = APISigningKey.generateP256()
    var credentials: APICredentials {
        APICredentials(keyId: "ABC123DEFG", issuerId: "issuer-uuid", bundleId: "com.example.agekit", signingKey: key)
    }

    @Test func tokenCarriesAppleHeaderAndClaims() throws {
        let issued = Date(timeIntervalSince1970: 1_800_000_000)
        let token = try AuthenticationToken.make(credentials: credentials, issuedAt: issued, lifetime: 300)
        let decoded = try #require(AuthenticationToken.decode(token))
        #expect(decoded.header == .init(alg: "ES256", kid: "ABC123DEFG", typ: "JWT"))
        #expect(
            decoded.claims
                == .init(
                    iss: "issuer-uuid", iat: 1_800_000_000, exp: 1_800_000_300, aud: "appstoreconnect-v1",
                    bid: "com.example.agekit"))
    }

    @Test func signatureVerifiesWithThePublicKeyInOpenSSL() throws {
        let token = try AuthenticationToken.make(credentials: credentials, issuedAt: Date(), lifetime: 300)
        let decoded = try #require(AuthenticationToken.decode(token))
        #expect(decoded.signature.count == 64)
        let publicKey = try #require(APIPublicKey(pem: Array(key.publicKey.pem.utf8)))
        #expect(publicKey.verifyES256(signature: decoded.signature, message: Array(decoded.signingInput.utf8)))
        var tampered = decoded.signature
        tampered[5] ^= 1
        #expect(!publicKey.verifyES256(signature: tampered, message: Array(decoded.signingInput.utf8)))
        let other = APISigningKey.generateP256().publicKey
        #expect(!other.verifyES256(signature: decoded.signature, message: Array(decoded.signingInput.utf8)))
    }

    @Test(arguments: [0.0, -5, 3601, 86_400])
    func lifetimeOutsideOneSecondToSixtyMinutesIsRefused(lifetime: Double) {
        #expect(throws: AppStoreServerAPIError(.invalidArgument, "")) {
            try AuthenticationToken.make(credentials: credentials, issuedAt: Date(), lifetime: lifetime)
        }
    }

    @Test func emptyKeyIdIsRefused() {
        var credentials = self.credentials
        credentials.keyId = ""
        #expect(throws: AppStoreServerAPIError(.invalidArgument, "")) {
            try AuthenticationToken.make(credentials: credentials, issuedAt: Date(), lifetime: 300)
        }
    }

    @Test func tokenIsReusedUntilNearExpiryThenRenewed() throws {
        let clock = TestClock(milliseconds: 1_800_000_000_000)
        let issuer = TokenIssuer(credentials: credentials, lifetime: 300, renewalMargin: 60, clock: clock)
        let first = try issuer.token()
        clock.advance(seconds: 200)
        #expect(try issuer.token() == first)
        clock.advance(seconds: 50)  // 50 s left: under the margin
        let renewed = try issuer.token()
        #expect(renewed != first)
        #expect(AuthenticationToken.decode(renewed)?.claims.iat == 1_800_000_250)
    }

    @Test func p8FileRoundTrip() throws {
        let path = TestScratch.root.appendingPathComponent("AuthKey_\(UUID().uuidString).p8").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let pem = key.pkcs8PEM
        #expect(pem.hasPrefix("-----BEGIN PRIVATE KEY-----"))
        try pem.write(toFile: path, atomically: true, encoding: .utf8)
        let loaded = try APICredentials(keyId: "K", issuerId: "I", bundleId: "B", privateKeyPath: path)
        let token = try AuthenticationToken.make(credentials: loaded, issuedAt: Date(), lifetime: 60)
        let decoded = try #require(AuthenticationToken.decode(token))
        #expect(key.publicKey.verifyES256(signature: decoded.signature, message: Array(decoded.signingInput.utf8)))
    }

    @Test(arguments: ["", "not a key", "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n"])
    func unreadableKeyIsInvalidKey(text: String) {
        #expect(throws: AppStoreServerAPIError(.invalidKey, "")) { try APISigningKey(pem: Array(text.utf8)) }
    }

    @Test func missingKeyFileIsInvalidKey() {
        #expect(throws: AppStoreServerAPIError(.invalidKey, "")) {
            try APICredentials(keyId: "K", issuerId: "I", bundleId: "B", privateKeyPath: "/nonexistent/AuthKey.p8")
        }
    }
}
