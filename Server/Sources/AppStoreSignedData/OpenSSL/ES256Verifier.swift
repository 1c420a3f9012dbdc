internal import CCrypto
import Dispatch
import Synchronization

/// A leaf's P-256 key prepared for ES256: verifies a SHA-256 digest computed by the caller.
///
/// The first uses go through `EVP_PKEY_verify` on `EVP_PKEY_CTX`s initialised once and reused
/// (creating one costs a provider fetch), from a small pool so that threads never share one.
/// A key used ``precomputeAfter`` times is one that signs a stream of data, as Apple's leaf
/// does: that caller builds a ``P256FixedKey`` once, and every later verification takes the
/// table path, about twice as fast. A key seen once or twice never pays for the table.
///
/// Building the table takes some tens of milliseconds: by default it runs on a background
/// queue while verifications go on through `EVP_PKEY_verify`, so no request waits for it.
final class ES256Verifier: Sendable {
    /// Runs the table's build away from the verification that claimed it.
    typealias Background = @Sendable (@escaping @Sendable () -> Void) -> Void

    let key: OpenSSLKey
    let precomputeAfter: Int
    let buildsInBackground: Bool
    private let background: Background
    static let maxIdle = 8
    private let contexts = ReusePool<VerifyContext>(capacity: maxIdle)
    private let state = Mutex(TableState())

    private struct TableState {
        var table: P256FixedKey?
        var uses = 0
        /// Set once a caller took the job of building the table (whether or not it succeeded).
        var claimed = false
    }

    /// `background` is a utility queue by default; a test runs the build where it chooses.
    init(
        key: OpenSSLKey, precomputeAfter: Int = 16, buildsInBackground: Bool = true,
        background: @escaping Background = { DispatchQueue.global(qos: .utility).async(execute: $0) }
    ) {
        self.key = key
        self.precomputeAfter = precomputeAfter
        self.buildsInBackground = buildsInBackground
        self.background = background
    }

    /// True when `raw` (`R || S`, 64 bytes) is a valid signature of `digest` (32 bytes).
    func verify(rawSignature raw: [UInt8], digest: [UInt8]) -> Bool {
        guard raw.count == 64, digest.count == 32 else { return false }
        let (table, buildsTable) = state.withLock { state -> (P256FixedKey?, Bool) in
            guard state.table == nil else { return (state.table, false) }
            state.uses += 1
            let builds = state.uses > precomputeAfter && !state.claimed
            if builds { state.claimed = true }
            return (nil, builds)
        }
        if let table { return table.verify(rawSignature: raw, digest: digest) }
        if buildsTable {
            guard buildsInBackground else {
                if let built = buildTable() { return built.verify(rawSignature: raw, digest: digest) }
                return verifyWithContext(raw, digest)
            }
            background { [self] in _ = buildTable() }
        }
        return verifyWithContext(raw, digest)
    }

    private func buildTable() -> P256FixedKey? {
        guard let built = P256FixedKey(key: key) else { return nil }
        state.withLock { $0.table = built }
        contexts.drain()
        return built
    }

    private func verifyWithContext(_ raw: [UInt8], _ digest: [UInt8]) -> Bool {
        guard let context = contexts.take(orMake: { VerifyContext(key: key) }) else { return false }
        let der = ECDSASignature.der(fromRaw: raw)
        let result = EVP_PKEY_verify(context.pointer, der, der.count, digest, digest.count)
        if result != 1 { ERR_clear_error() }
        contexts.giveBack(context)
        return result == 1
    }

    /// Contexts idle in the pool (for tests).
    var idleCount: Int { contexts.idleCount }

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
