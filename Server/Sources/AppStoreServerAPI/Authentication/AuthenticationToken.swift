import Foundation

/// The JSON Web Token the App Store Server API requires on every request: header
/// `{"alg":"ES256","kid":KEY_ID,"typ":"JWT"}`, claims `iss`, `iat`, `exp`, `aud`
/// `appstoreconnect-v1` and `bid`, signed ES256 with the API key.
package enum AuthenticationToken {
    package static let audience = "appstoreconnect-v1"
    /// Apple refuses tokens whose `exp` lies more than 60 minutes after `iat`.
    package static let maximumLifetime: TimeInterval = 3600

    package struct Header: Codable, Sendable, Equatable {
        package var alg: String
        package var kid: String
        package var typ: String

        package init(alg: String, kid: String, typ: String) {
            self.alg = alg
            self.kid = kid
            self.typ = typ
        }
    }

    package struct Claims: Codable, Sendable, Equatable {
        package var iss: String
        /// Seconds since 1970.
        package var iat: Int64
        package var exp: Int64
        package var aud: String
        package var bid: String

        package init(iss: String, iat: Int64, exp: Int64, aud: String, bid: String) {
            self.iss = iss
            self.iat = iat
            self.exp = exp
            self.aud = aud
            self.bid = bid
        }
    }

    /// A signed token issued at `issuedAt`, valid for `lifetime` seconds (1 s to 60 min).
    package static func make(
        credentials: APICredentials, issuedAt: Date, lifetime: TimeInterval
    ) throws(AppStoreServerAPIError) -> String {
        if let field = credentials.missingField() {
            throw AppStoreServerAPIError(.invalidArgument, "the API credentials need a \(field)")
        }
        guard lifetime >= 1, lifetime <= maximumLifetime else {
            throw AppStoreServerAPIError(.invalidArgument, "a token lifetime must be 1 s to 60 min, not \(lifetime) s")
        }
        let iat = Int64(issuedAt.timeIntervalSince1970.rounded(.down))
        let header = Header(alg: "ES256", kid: credentials.keyId, typ: "JWT")
        let claims = Claims(
            iss: credentials.issuerId, iat: iat, exp: iat + Int64(lifetime.rounded(.down)), aud: audience,
            bid: credentials.bundleId)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let headerJSON = try? encoder.encode(header), let claimsJSON = try? encoder.encode(claims) else {
            throw AppStoreServerAPIError(.invalidArgument, "cannot encode the token")
        }
        let input = Base64URL.encode(headerJSON) + "." + Base64URL.encode(claimsJSON)
        guard let signature = credentials.signingKey.signES256(Array(input.utf8)) else {
            throw AppStoreServerAPIError(.invalidKey, "OpenSSL could not sign the token with the private key")
        }
        return input + "." + Base64URL.encode(Data(signature))
    }

    /// The three parts of a compact token, decoded without any check: for the stand-in and tests.
    package static func decode(
        _ token: String
    ) -> (header: Header, claims: Claims, signingInput: String, signature: [UInt8])? {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let headerBytes = Base64URL.decode(String(parts[0])),
            let claimsBytes = Base64URL.decode(String(parts[1])), let signature = Base64URL.decode(String(parts[2])),
            let header = try? JSONDecoder().decode(Header.self, from: headerBytes),
            let claims = try? JSONDecoder().decode(Claims.self, from: claimsBytes)
        else { return nil }
        return (header, claims, "\(parts[0]).\(parts[1])", [UInt8](signature))
    }
}

/// base64url without padding (RFC 7515 §2).
enum Base64URL {
    static func encode(_ data: Data) -> String {
        var text = data.base64EncodedString()
        text = text.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
        while text.hasSuffix("=") { text.removeLast() }
        return text
    }

    static func decode(_ text: String) -> Data? {
        guard !text.contains("="), !text.contains("+"), !text.contains("/") else { return nil }
        var standard = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while standard.count % 4 != 0 { standard += "=" }
        return Data(base64Encoded: standard)
    }
}
