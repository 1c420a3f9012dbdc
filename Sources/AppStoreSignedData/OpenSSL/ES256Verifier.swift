internal import CCrypto
import Synchronization

/// A leaf's P-256 key prepared for ES256: verifies a SHA-256 digest computed by the caller.
///
/// The first uses go through `EVP_PKEY_verify` on `EVP_PKEY_CTX`s initialised once and reused
/// (creating one costs a provider fetch). A key used ``precomputeAfter`` times is one that
/// signs a stream of data, as Apple's leaf does: that caller builds a ``P256FixedKey`` once,
/// and every later verification takes the table path, about twice as fast. A key seen once or
/// twice never pays for the table.
///
/// Cached with the verified chain and shared between threads: an `EVP_PKEY_CTX` is never used
/// by two threads at once. A call takes an idle one from a small pool (or creates one when
/// none is idle) and puts it back afterwards; at most ``maxIdle`` are kept.
final class ES256Verifier: Sendable {
    let key: OpenSSLKey
    let precomputeAfter: Int
    private let state = Mutex(State())

    static let maxIdle = 8

    private struct State {
        var idle: [VerifyContext] = []
        var table: P256FixedKey?
        var uses = 0
        /// Set once a caller took the job of building the table (whether or not it succeeded).
        var tableClaimed = false
    }

    private enum Path {
        case table(P256FixedKey)
        case buildTable
        case context(VerifyContext?)
    }

    init(key: OpenSSLKey, precomputeAfter: Int = 16) {
        self.key = key
        self.precomputeAfter = precomputeAfter
    }

    /// True when `raw` (`R || S`, 64 bytes) is a valid signature of `digest` (32 bytes).
    func verify(rawSignature raw: [UInt8], digest: [UInt8]) -> Bool {
        guard raw.count == 64, digest.count == 32 else { return false }
        let path = state.withLock { state -> Path in
            if let table = state.table { return .table(table) }
            state.uses += 1
            if state.uses > precomputeAfter, !state.tableClaimed {
                state.tableClaimed = true
                return .buildTable
            }
            return .context(state.idle.popLast())
        }
        switch path {
        case .table(let table):
            return table.verify(rawSignature: raw, digest: digest)
        case .buildTable:
            if let table = P256FixedKey(key: key) {
                state.withLock { state in
                    state.table = table
                    state.idle = []
                }
                return table.verify(rawSignature: raw, digest: digest)
            }
            return verifyWithContext(nil, raw, digest)
        case .context(let context):
            return verifyWithContext(context, raw, digest)
        }
    }

    private func verifyWithContext(_ reused: VerifyContext?, _ raw: [UInt8], _ digest: [UInt8]) -> Bool {
        guard let context = reused ?? VerifyContext(key: key) else { return false }
        let der = ECDSASignature.der(fromRaw: raw)
        let result = EVP_PKEY_verify(context.pointer, der, der.count, digest, digest.count)
        if result != 1 { ERR_clear_error() }
        state.withLock { state in
            if state.table == nil, state.idle.count < Self.maxIdle { state.idle.append(context) }
        }
        return result == 1
    }

    /// Contexts idle in the pool (for tests).
    var idleCount: Int { state.withLock { $0.idle.count } }

    /// True once verifications take the fixed-base table path (for tests).
    var usesTable: Bool { state.withLock { $0.table != nil } }
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
