import Foundation

/// Who calls the App Store Server API: the in-app purchase key from App Store Connect
/// (key id, issuer id, private key) and the app the calls are about.
package struct APICredentials: Sendable {
    package var keyId: String
    package var issuerId: String
    package var bundleId: String
    package var signingKey: APISigningKey

    package init(keyId: String, issuerId: String, bundleId: String, signingKey: APISigningKey) {
        self.keyId = keyId
        self.issuerId = issuerId
        self.bundleId = bundleId
        self.signingKey = signingKey
    }

    /// Reads the `.p8` file at `privateKeyPath`.
    package init(
        keyId: String, issuerId: String, bundleId: String, privateKeyPath: String
    )
        throws(AppStoreServerAPIError)
    {
        guard let data = FileManager.default.contents(atPath: privateKeyPath) else {
            throw AppStoreServerAPIError(.invalidKey, "cannot read the private key file \(privateKeyPath)")
        }
        let key: APISigningKey
        do {
            key = try APISigningKey(pem: [UInt8](data))
        } catch {
            throw AppStoreServerAPIError(.invalidKey, "\(privateKeyPath): \(error.reason)")
        }
        self.init(keyId: keyId, issuerId: issuerId, bundleId: bundleId, signingKey: key)
    }

    /// The first empty field, named; nil when all are set.
    func missingField() -> String? {
        if keyId.isEmpty { return "keyId" }
        if issuerId.isEmpty { return "issuerId" }
        if bundleId.isEmpty { return "bundleId" }
        return nil
    }
}
