import AppStoreSignedData

/// The public half of an API key: verifies ES256 signatures. The local stand-in of the App
/// Store Server API uses it the way Apple uses the key registered in App Store Connect.
/// The OpenSSL key is AppStoreSignedData's ``OpenSSLKey``, its one owner.
package final class APIPublicKey: Sendable {
    let key: OpenSSLKey

    init(_ key: OpenSSLKey) {
        self.key = key
    }

    /// Reads a PEM public key (`-----BEGIN PUBLIC KEY-----`); nil when it is not an EC P-256 key.
    package convenience init?(pem: [UInt8]) {
        guard let key = OpenSSLKey(publicPEM: pem), key.isP256 else { return nil }
        self.init(key)
    }

    package var pem: String { key.publicPEM }

    /// Checks a raw JWS ES256 signature (`R || S`, 64 bytes) over `message`.
    package func verifyES256(signature: [UInt8], message: [UInt8]) -> Bool {
        key.verifyES256(signature: signature, message: message)
    }
}
