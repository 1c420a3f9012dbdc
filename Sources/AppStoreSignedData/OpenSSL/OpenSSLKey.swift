internal import CCrypto

/// Owns one OpenSSL `EVP_PKEY` (public, or private for the local CA).
///
/// `@unchecked Sendable`: the key is immutable once created; OpenSSL 3 allows concurrent
/// operations on one `EVP_PKEY` as long as each uses its own `EVP_PKEY_CTX`.
final class OpenSSLKey: @unchecked Sendable {
    let pointer: OpaquePointer

    /// Takes ownership of a reference the caller owned.
    init(owning pointer: OpaquePointer) {
        self.pointer = pointer
    }

    deinit { EVP_PKEY_free(pointer) }

    /// True for an EC key on P-256, the only key ES256 allows.
    var isP256: Bool {
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
    static func generateP256() -> OpenSSLKey? {
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
        guard EVP_DigestSign(context, nil, &length, message, message.count) == 1 else { return nil }
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
    convenience init?(privatePEM pem: [UInt8]) {
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
}

/// SHA-256 through a digest fetched once.
package enum SHA256Digest {
    /// Owns the fetched `EVP_MD`; fetching on each call costs a provider lookup.
    private final class Algorithm: @unchecked Sendable {
        let pointer: OpaquePointer
        init() {
            guard let md = EVP_MD_fetch(nil, "SHA256", nil) else { fatalError("OpenSSL has no SHA256") }
            pointer = md
        }
        deinit { EVP_MD_free(pointer) }
    }

    private static let algorithm = Algorithm()

    package static func hash(_ bytes: [UInt8]) -> [UInt8] {
        bytes.withUnsafeBytes { hash($0) }
    }

    package static func hash(_ input: UnsafeRawBufferPointer) -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: 32)
        var length: UInt32 = 0
        _ = EVP_Digest(input.baseAddress, input.count, &digest, &length, algorithm.pointer, nil)
        return digest
    }

    /// The hash state after the whole 64-byte blocks of a prefix, for inputs that start with
    /// it: App Store JWS signing inputs begin with the same 5 KB header segment, which is
    /// then hashed once instead of once per signature.
    ///
    /// `@unchecked Sendable`: the state is only read (copied) after `init`.
    package final class Prefix: @unchecked Sendable {
        /// Bytes of the prefix the state covers: a multiple of 64, so nothing is buffered.
        package let count: Int
        private let state: OpaquePointer

        /// Nil for a prefix shorter than one block, or when OpenSSL fails.
        package init?(_ prefix: UnsafeRawBufferPointer) {
            let count = prefix.count & ~63
            guard count > 0, let state = EVP_MD_CTX_new() else { return nil }
            guard EVP_DigestInit_ex(state, algorithm.pointer, nil) == 1,
                EVP_DigestUpdate(state, prefix.baseAddress, count) == 1
            else {
                EVP_MD_CTX_free(state)
                ERR_clear_error()
                return nil
            }
            self.count = count
            self.state = state
        }

        deinit { EVP_MD_CTX_free(state) }

        /// SHA-256 of `input`, whose first ``count`` bytes are the prefix's (the caller compared
        /// them). Hashes only the rest.
        package func hash(_ input: UnsafeRawBufferPointer) -> [UInt8] {
            precondition(input.count >= count, "the input is shorter than the hashed prefix")
            guard let copy = EVP_MD_CTX_new() else { return SHA256Digest.hash(input) }
            defer { EVP_MD_CTX_free(copy) }
            var digest = [UInt8](repeating: 0, count: 32)
            var length: UInt32 = 0
            guard EVP_MD_CTX_copy_ex(copy, state) == 1,
                EVP_DigestUpdate(copy, input.baseAddress! + count, input.count - count) == 1,
                EVP_DigestFinal_ex(copy, &digest, &length) == 1
            else {
                ERR_clear_error()
                return SHA256Digest.hash(input)
            }
            return digest
        }
    }
}
