internal import CCrypto
import Synchronization

/// A leaf's P-256 key prepared for ES256: verifies a SHA-256 digest computed by the caller
/// with `EVP_PKEY_verify` on an `EVP_PKEY_CTX` initialised once and reused, instead of
/// creating and initialising one (a provider fetch) on every call.
///
/// Cached with the verified chain and shared between threads: an `EVP_PKEY_CTX` is never used
/// by two threads at once. A call takes an idle one from a small pool (or creates one when
/// none is idle) and puts it back afterwards; at most ``maxIdle`` are kept.
final class ES256Verifier: Sendable {
    let key: OpenSSLKey
    private let idle = Mutex<[VerifyContext]>([])

    static let maxIdle = 8

    init(key: OpenSSLKey) {
        self.key = key
    }

    /// True when `raw` (`R || S`, 64 bytes) is a valid signature of `digest` (32 bytes).
    func verify(rawSignature raw: [UInt8], digest: [UInt8]) -> Bool {
        guard raw.count == 64, digest.count == 32 else { return false }
        guard let context = idle.withLock({ $0.popLast() }) ?? VerifyContext(key: key) else { return false }
        let der = ECDSASignature.der(fromRaw: raw)
        let result = EVP_PKEY_verify(context.pointer, der, der.count, digest, digest.count)
        if result != 1 { ERR_clear_error() }
        idle.withLock { pool in
            if pool.count < Self.maxIdle { pool.append(context) }
        }
        return result == 1
    }

    /// Contexts idle in the pool (for tests).
    var idleCount: Int { idle.withLock { $0.count } }
}

/// Owns one `EVP_PKEY_CTX` initialised for verification.
///
/// `@unchecked Sendable`: it moves between threads through the pool of ``ES256Verifier``,
/// which hands it to one caller at a time.
private final class VerifyContext: @unchecked Sendable {
    let pointer: OpaquePointer

    init?(key: OpenSSLKey) {
        guard let context = EVP_PKEY_CTX_new(key.pointer, nil) else {
            ERR_clear_error()
            return nil
        }
        guard EVP_PKEY_verify_init(context) == 1 else {
            EVP_PKEY_CTX_free(context)
            ERR_clear_error()
            return nil
        }
        pointer = context
    }

    deinit { EVP_PKEY_CTX_free(pointer) }
}
