internal import CCrypto

/// An intermediate whose chain to an anchor OpenSSL verified in full, kept as the only
/// certificate of an `X509_STORE` of its own: a never-seen leaf under it is then checked by
/// OpenSSL against it alone, one signature instead of the whole chain's.
///
/// `@unchecked Sendable`: the store is filled once in `init` and only read afterwards;
/// OpenSSL locks its lookups internally.
final class TrustedIntermediate: @unchecked Sendable {
    let certificate: X509Certificate
    /// Where the intermediate and the anchor it chained to are both valid.
    let validity: ValidityWindow
    /// The environments that anchor is restricted to (nil: any).
    let environments: Set<Environment>?
    private let store: OpaquePointer

    init(certificate: X509Certificate, validity: ValidityWindow, environments: Set<Environment>?) {
        guard let store = X509_STORE_new() else { fatalError("X509_STORE_new failed: out of memory") }
        X509_STORE_add_cert(store, certificate.pointer)
        ERR_clear_error()
        self.store = store
        self.certificate = certificate
        self.validity = validity
        self.environments = environments
    }

    deinit { X509_STORE_free(store) }

    /// Verifies that this intermediate issued `leaf`: OpenSSL with the intermediate as the
    /// only trust anchor (partial chain) and depth 0, so no other path exists, ignoring time.
    ///
    /// - Returns: the window in which the leaf, this intermediate and its anchor are valid.
    func verify(leaf: X509Certificate) throws(VerificationError) -> ValidityWindow {
        switch X509Verification.run(leaf: leaf, untrusted: nil, store: store, depth: 0, partialChain: true) {
        case .failed(let reason, let depth, _):
            throw VerificationError(
                .untrustedChain,
                "the leaf certificate was not issued by the known intermediate: \(reason) (certificate at depth \(depth))"
            )
        case .verified(let chain):
            // Two certificates: a leaf that is the intermediate itself ends the chain at once.
            guard chain.count == 2, chain[1].isSame(as: certificate) else {
                throw VerificationError(
                    .untrustedChain, "the verified chain has \(chain.count) certificates, not leaf and intermediate")
            }
            return leaf.validity.intersection(validity)
        }
    }
}
