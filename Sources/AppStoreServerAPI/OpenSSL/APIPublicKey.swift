import AppStoreSignedData
internal import CCrypto

/// The public half of an API key: verifies ES256 signatures. The local stand-in of the App
/// Store Server API uses it the way Apple uses the key registered in App Store Connect.
///
/// `@unchecked Sendable`: immutable after creation; each verification uses its own context.
public final class APIPublicKey: @unchecked Sendable {
    let pointer: OpaquePointer

    init(owning pointer: OpaquePointer) {
        self.pointer = pointer
    }

    deinit { EVP_PKEY_free(pointer) }

    /// Reads a PEM public key (`-----BEGIN PUBLIC KEY-----`); nil when it is not an EC P-256 key.
    public convenience init?(pem: [UInt8]) {
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
        guard ECKeyInfo.isP256(pointer) else { return nil }
    }

    public var pem: String {
        guard let bio = BIO_new(BIO_s_mem()) else { return "" }
        defer { BIO_free(bio) }
        guard PEM_write_bio_PUBKEY(bio, pointer) == 1 else { return "" }
        return ECKeyInfo.contents(of: bio)
    }

    /// Checks a raw JWS ES256 signature (`R || S`, 64 bytes) over `message`.
    public func verifyES256(signature: [UInt8], message: [UInt8]) -> Bool {
        guard signature.count == 64 else { return false }
        let der = ECDSASignature.der(fromRaw: signature)
        guard let context = EVP_MD_CTX_new() else { return false }
        defer { EVP_MD_CTX_free(context) }
        guard EVP_DigestVerifyInit(context, nil, EVP_sha256(), nil, pointer) == 1 else {
            ERR_clear_error()
            return false
        }
        let result = EVP_DigestVerify(context, der, der.count, message, message.count)
        if result != 1 { ERR_clear_error() }
        return result == 1
    }
}

/// Questions about an `EVP_PKEY` both key types ask.
enum ECKeyInfo {
    static func isP256(_ key: OpaquePointer) -> Bool {
        guard EVP_PKEY_get_base_id(key) == EVP_PKEY_EC else { return false }
        var name = [CChar](repeating: 0, count: 32)
        var length = 0
        guard EVP_PKEY_get_group_name(key, &name, name.count, &length) == 1 else { return false }
        let group = String(decoding: name.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return group == "prime256v1" || group == "P-256"
    }

    /// The bytes written to a memory BIO, as text.
    static func contents(of bio: OpaquePointer) -> String {
        var data: UnsafeMutablePointer<CChar>?
        let length = agekit_BIO_get_mem_data(bio, &data)
        guard length > 0, let data else { return "" }
        return data.withMemoryRebound(to: UInt8.self, capacity: length) { bytes in
            String(decoding: UnsafeBufferPointer(start: bytes, count: length), as: UTF8.self)
        }
    }
}
