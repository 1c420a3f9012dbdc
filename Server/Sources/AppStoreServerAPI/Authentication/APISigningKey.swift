import AppStoreSignedData

/// The private key of an App Store Connect API key (the `.p8` file): an EC P-256 key in
/// PKCS#8 PEM. The OpenSSL key is AppStoreSignedData's ``OpenSSLKey``, its one owner; every
/// signature uses its own context, which OpenSSL 3 allows concurrently on one key.
package final class APISigningKey: Sendable {
    let key: OpenSSLKey

    init(_ key: OpenSSLKey) {
        self.key = key
    }

    /// Reads a PEM private key (`-----BEGIN PRIVATE KEY-----`, as App Store Connect issues it).
    package convenience init(pem: [UInt8]) throws(AppStoreServerAPIError) {
        guard let key = OpenSSLKey(privatePEM: pem) else {
            throw AppStoreServerAPIError(
                .invalidKey, "not a PEM private key (expected the .p8 file from App Store Connect)")
        }
        guard key.isP256 else {
            throw AppStoreServerAPIError(.invalidKey, "the private key is not an EC P-256 key (ES256 needs one)")
        }
        self.init(key)
    }

    /// A new random P-256 key: for tests and the local stand-in of the API.
    package static func generateP256() -> APISigningKey {
        guard let key = OpenSSLKey.generateP256() else { fatalError("OpenSSL cannot generate a P-256 key") }
        return APISigningKey(key)
    }

    /// The key as PKCS#8 PEM, the format of a `.p8` file.
    package var pkcs8PEM: String { key.pkcs8PEM }

    /// The public half, as its own key object (what Apple holds for this key id).
    package var publicKey: APIPublicKey { APIPublicKey(key.publicKey) }

    /// ES256 over `message`: ECDSA P-256 with SHA-256, as JWS wants it (raw `R || S`, 64 bytes).
    func signES256(_ message: [UInt8]) -> [UInt8]? {
        key.signES256(message)
    }
}
