import AppStoreSignedData
internal import CCrypto

/// The private key of an App Store Connect API key (the `.p8` file): an EC P-256 key in
/// PKCS#8 PEM. Owns one OpenSSL `EVP_PKEY`.
///
/// `@unchecked Sendable`: the key never changes after loading, and every signature uses its
/// own `EVP_MD_CTX`, which OpenSSL 3 allows concurrently on one `EVP_PKEY`.
public final class APISigningKey: @unchecked Sendable {
    let pointer: OpaquePointer

    /// Takes ownership of a reference the caller owned.
    init(owning pointer: OpaquePointer) {
        self.pointer = pointer
    }

    deinit { EVP_PKEY_free(pointer) }

    /// Reads a PEM private key (`-----BEGIN PRIVATE KEY-----`, as App Store Connect issues it).
    public convenience init(pem: [UInt8]) throws(AppStoreServerAPIError) {
        let parsed: OpaquePointer? = pem.withUnsafeBytes { buffer in
            guard let bio = BIO_new_mem_buf(buffer.baseAddress, Int32(buffer.count)) else { return nil }
            defer { BIO_free(bio) }
            return PEM_read_bio_PrivateKey(bio, nil, nil, nil)
        }
        guard let parsed else {
            ERR_clear_error()
            throw AppStoreServerAPIError(
                .invalidKey, "not a PEM private key (expected the .p8 file from App Store Connect)")
        }
        // Owned from here: freed by deinit even when the check below fails.
        self.init(owning: parsed)
        guard ECKeyInfo.isP256(pointer) else {
            throw AppStoreServerAPIError(.invalidKey, "the private key is not an EC P-256 key (ES256 needs one)")
        }
    }

    /// A new random P-256 key: for tests and the local stand-in of the API.
    public static func generateP256() -> APISigningKey {
        guard let context = EVP_PKEY_CTX_new_id(EVP_PKEY_EC, nil) else {
            fatalError("OpenSSL cannot create a key context")
        }
        defer { EVP_PKEY_CTX_free(context) }
        var key: OpaquePointer?
        guard EVP_PKEY_keygen_init(context) == 1,
            EVP_PKEY_CTX_set_ec_paramgen_curve_nid(context, NID_X9_62_prime256v1) == 1,
            EVP_PKEY_keygen(context, &key) == 1, let key
        else { fatalError("OpenSSL cannot generate a P-256 key") }
        return APISigningKey(owning: key)
    }

    /// The key as PKCS#8 PEM, the format of a `.p8` file.
    public var pkcs8PEM: String {
        guard let bio = BIO_new(BIO_s_mem()) else { return "" }
        defer { BIO_free(bio) }
        guard PEM_write_bio_PKCS8PrivateKey(bio, pointer, nil, nil, 0, nil, nil) == 1 else { return "" }
        return ECKeyInfo.contents(of: bio)
    }

    /// The public half, as its own key object (what Apple holds for this key id).
    public var publicKey: APIPublicKey {
        var der: UnsafeMutablePointer<UInt8>?
        let length = i2d_PUBKEY(pointer, &der)
        guard length > 0, let der else { fatalError("OpenSSL cannot encode a public key") }
        defer { agekit_OPENSSL_free(der) }
        var cursor: UnsafePointer<UInt8>? = UnsafePointer(der)
        guard let copy = d2i_PUBKEY(nil, &cursor, Int(length)) else {
            fatalError("OpenSSL cannot decode its own public key")
        }
        return APIPublicKey(owning: copy)
    }

    /// ES256 over `message`: ECDSA P-256 with SHA-256, as JWS wants it (raw `R || S`, 64 bytes).
    func signES256(_ message: [UInt8]) -> [UInt8]? {
        guard let context = EVP_MD_CTX_new() else { return nil }
        defer { EVP_MD_CTX_free(context) }
        guard EVP_DigestSignInit(context, nil, EVP_sha256(), nil, pointer) == 1 else {
            ERR_clear_error()
            return nil
        }
        var length = 0
        guard EVP_DigestSign(context, nil, &length, message, message.count) == 1 else {
            ERR_clear_error()
            return nil
        }
        var der = [UInt8](repeating: 0, count: length)
        guard EVP_DigestSign(context, &der, &length, message, message.count) == 1 else {
            ERR_clear_error()
            return nil
        }
        return ECDSASignature.raw(fromDER: Array(der.prefix(length)))
    }
}
