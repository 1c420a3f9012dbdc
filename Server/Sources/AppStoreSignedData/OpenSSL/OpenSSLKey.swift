internal import CCrypto

/// Owns one OpenSSL `EVP_PKEY`: a certificate's public key, the local CA's private keys, and
/// the App Store Server API's keys (`APISigningKey`, `APIPublicKey` use it through the
/// `package` members below, which take and give bytes only).
///
/// `@unchecked Sendable`: the key is immutable once created; OpenSSL 3 allows concurrent
/// operations on one `EVP_PKEY` as long as each uses its own `EVP_PKEY_CTX`.
package final class OpenSSLKey: @unchecked Sendable {
    let pointer: OpaquePointer

    /// Takes ownership of a reference the caller owned.
    init(owning pointer: OpaquePointer) {
        self.pointer = pointer
    }

    deinit { EVP_PKEY_free(pointer) }

    /// True for an EC key on P-256, the only key ES256 allows.
    package var isP256: Bool {
        guard EVP_PKEY_get_base_id(pointer) == EVP_PKEY_EC else { return false }
        var name = [CChar](repeating: 0, count: 32)
        var length = 0
        guard EVP_PKEY_get_group_name(pointer, &name, name.count, &length) == 1 else { return false }
        let group = String(decoding: name.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return group == "prime256v1" || group == "P-256"
    }

    /// Verifies a DER ECDSA signature over a SHA-256 digest computed by the caller, with a
    /// context created for this call. JWS verification goes through ``ES256Verifier``; this is
    /// the reference its tests compare against.
    func verify(derSignature: [UInt8], digest: [UInt8]) -> Bool {
        guard let context = EVP_PKEY_CTX_new(pointer, nil) else { return false }
        defer { EVP_PKEY_CTX_free(context) }
        guard EVP_PKEY_verify_init(context) == 1 else {
            ERR_clear_error()
            return false
        }
        let result = EVP_PKEY_verify(context, derSignature, derSignature.count, digest, digest.count)
        if result != 1 { ERR_clear_error() }
        return result == 1
    }

    /// Verifies a DER ECDSA signature over `message` with `EVP_DigestVerify`, which hashes
    /// with SHA-256 itself: the one-shot reference the differential checks compare against.
    func verifySHA256(derSignature: [UInt8], message: [UInt8]) -> Bool {
        guard let context = EVP_MD_CTX_new() else { return false }
        defer { EVP_MD_CTX_free(context) }
        guard EVP_DigestVerifyInit(context, nil, EVP_sha256(), nil, pointer) == 1 else {
            ERR_clear_error()
            return false
        }
        let result = EVP_DigestVerify(context, derSignature, derSignature.count, message, message.count)
        if result != 1 { ERR_clear_error() }
        return result == 1
    }

    /// Reads a DER `SubjectPublicKeyInfo`; nil when OpenSSL cannot decode it or bytes follow it.
    convenience init?(publicKeyDER der: [UInt8]) {
        let parsed: OpaquePointer? = der.withUnsafeBufferPointer { buffer in
            var cursor: UnsafePointer<UInt8>? = buffer.baseAddress
            guard let key = d2i_PUBKEY(nil, &cursor, buffer.count) else { return nil }
            guard cursor == buffer.baseAddress.map({ $0 + buffer.count }) else {
                EVP_PKEY_free(key)
                return nil
            }
            return key
        }
        guard let parsed else {
            ERR_clear_error()
            return nil
        }
        self.init(owning: parsed)
    }

    /// A new P-256 private key.
    package static func generateP256() -> OpenSSLKey? {
        guard let context = EVP_PKEY_CTX_new_id(EVP_PKEY_EC, nil) else { return nil }
        defer { EVP_PKEY_CTX_free(context) }
        var key: OpaquePointer?
        guard EVP_PKEY_keygen_init(context) == 1,
            EVP_PKEY_CTX_set_ec_paramgen_curve_nid(context, NID_X9_62_prime256v1) == 1,
            EVP_PKEY_keygen(context, &key) == 1, let key
        else {
            ERR_clear_error()
            return nil
        }
        return OpenSSLKey(owning: key)
    }

    /// Signs `message` with ECDSA over SHA-256; the DER signature.
    func signSHA256(_ message: [UInt8]) -> [UInt8]? {
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
        var signature = [UInt8](repeating: 0, count: length)
        guard EVP_DigestSign(context, &signature, &length, message, message.count) == 1 else {
            ERR_clear_error()
            return nil
        }
        return Array(signature.prefix(length))
    }

    var privatePEM: String {
        guard let bio = BIO_new(BIO_s_mem()) else { return "" }
        defer { BIO_free(bio) }
        guard PEM_write_bio_PrivateKey(bio, pointer, nil, nil, 0, nil, nil) == 1 else { return "" }
        return MemoryBIO.string(bio)
    }

    /// Reads a PEM private key (unencrypted).
    package convenience init?(privatePEM pem: [UInt8]) {
        let parsed: OpaquePointer? = pem.withUnsafeBytes { buffer in
            guard let bio = BIO_new_mem_buf(buffer.baseAddress, Int32(buffer.count)) else { return nil }
            defer { BIO_free(bio) }
            return PEM_read_bio_PrivateKey(bio, nil, nil, nil)
        }
        guard let parsed else {
            ERR_clear_error()
            return nil
        }
        self.init(owning: parsed)
    }

    /// Reads a PEM public key (`-----BEGIN PUBLIC KEY-----`).
    package convenience init?(publicPEM pem: [UInt8]) {
        let parsed: OpaquePointer? = pem.withUnsafeBytes { buffer in
            guard let bio = BIO_new_mem_buf(buffer.baseAddress, Int32(buffer.count)) else { return nil }
            defer { BIO_free(bio) }
            return PEM_read_bio_PUBKEY(bio, nil, nil, nil)
        }
        guard let parsed else {
            ERR_clear_error()
            return nil
        }
        self.init(owning: parsed)
    }

    /// The public key as PEM (`SubjectPublicKeyInfo`).
    package var publicPEM: String {
        guard let bio = BIO_new(BIO_s_mem()) else { return "" }
        defer { BIO_free(bio) }
        guard PEM_write_bio_PUBKEY(bio, pointer) == 1 else { return "" }
        return MemoryBIO.string(bio)
    }

    /// The private key as PKCS#8 PEM, the format of an App Store Connect `.p8` file.
    package var pkcs8PEM: String {
        guard let bio = BIO_new(BIO_s_mem()) else { return "" }
        defer { BIO_free(bio) }
        guard PEM_write_bio_PKCS8PrivateKey(bio, pointer, nil, nil, 0, nil, nil) == 1 else { return "" }
        return MemoryBIO.string(bio)
    }

    /// The public half, as a key object of its own.
    package var publicKey: OpenSSLKey {
        var der: UnsafeMutablePointer<UInt8>?
        let length = i2d_PUBKEY(pointer, &der)
        guard length > 0, let der else { fatalError("OpenSSL cannot encode a public key") }
        defer { agekit_OPENSSL_free(der) }
        var cursor: UnsafePointer<UInt8>? = UnsafePointer(der)
        guard let copy = d2i_PUBKEY(nil, &cursor, Int(length)) else {
            fatalError("OpenSSL cannot decode its own public key")
        }
        return OpenSSLKey(owning: copy)
    }

    /// ES256 over `message`: ECDSA P-256 with SHA-256, as JWS wants it (raw `R || S`, 64 bytes).
    package func signES256(_ message: [UInt8]) -> [UInt8]? {
        signSHA256(message).flatMap(ECDSASignature.raw(fromDER:))
    }

    /// Checks a raw JWS ES256 signature (`R || S`, 64 bytes) over `message`.
    package func verifyES256(signature: [UInt8], message: [UInt8]) -> Bool {
        guard signature.count == 64 else { return false }
        return verifySHA256(derSignature: ECDSASignature.der(fromRaw: signature), message: message)
    }
}
