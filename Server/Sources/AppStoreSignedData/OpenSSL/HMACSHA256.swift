internal import CCrypto

/// HMAC-SHA256 through OpenSSL's one-shot `HMAC`: the signature on events forwarded to an
/// app's backend (`EventSignature` in ConsentServer).
package enum HMACSHA256 {
    /// The 32-byte authentication code of `message` under `key`.
    package static func authenticationCode(for message: [UInt8], key: [UInt8]) -> [UInt8] {
        var code = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        _ = key.withUnsafeBufferPointer { keyBytes in
            message.withUnsafeBufferPointer { messageBytes in
                HMAC(
                    EVP_sha256(), keyBytes.baseAddress, Int32(keyBytes.count), messageBytes.baseAddress,
                    messageBytes.count, &code, &length)
            }
        }
        return Array(code.prefix(Int(length)))
    }
}
