/// An intermediate whose chain to an anchor OpenSSL verified in full, kept as the only
/// certificate of an ``X509Store`` of its own: a never-seen leaf under it is then checked by
/// OpenSSL against it alone, one signature instead of the whole chain's.
final class TrustedIntermediate: Sendable {
    let certificate: X509Certificate
    /// Where the intermediate and the anchor it chained to are both valid.
    let validity: ValidityWindow
    /// The environments that anchor is restricted to (nil: any).
    let environments: Set<Environment>?
    private let store: X509Store

    init(certificate: X509Certificate, validity: ValidityWindow, environments: Set<Environment>?) {
        self.store = X509Store(certificates: [certificate])
        self.certificate = certificate
        self.validity = validity
        self.environments = environments
    }

    /// Verifies that this intermediate issued `leaf`: OpenSSL with the intermediate as the
    /// only trust anchor (partial chain) and depth 0, so no other path exists, ignoring time.
    ///
    /// - Returns: the window in which the leaf, this intermediate and its anchor are valid.
    func verify(leaf: X509Certificate) throws(VerificationError) -> ValidityWindow {
        switch store.verify(leaf: leaf, untrusted: nil, depth: 0, partialChain: true) {
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
