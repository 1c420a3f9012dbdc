/// The configured trust anchors, in an ``X509Store`` of their own, and the environments
/// each is trusted for; verifies chains against them.
final class TrustStore: Sendable {
    private let store: X509Store
    /// The environments each restricted anchor is trusted for, by the anchor's DER.
    private let restrictions: [[UInt8]: Set<Environment>]

    init(anchors: [TrustAnchor]) {
        self.store = X509Store(certificates: anchors.map(\.certificate))
        // The same root configured without a restriction too (say, as Apple's) is trusted for all.
        let unrestricted = Set(anchors.filter { $0.environments == nil }.map(\.der))
        var restrictions: [[UInt8]: Set<Environment>] = [:]
        for anchor in anchors where !unrestricted.contains(anchor.der) {
            guard let environments = anchor.environments else { continue }
            restrictions[anchor.der, default: []].formUnion(environments)
        }
        self.restrictions = restrictions
    }

    /// What a chain verification against the anchors concluded.
    enum Verdict {
        /// `aboveLeaf`: the window in which the intermediate and the anchor are both valid;
        /// `environments`: those the anchor is restricted to (nil: any).
        case verified(aboveLeaf: ValidityWindow, environments: Set<Environment>?)
        /// `concernsIntermediate`: OpenSSL failed at the intermediate's depth or beyond, with
        /// the given intermediate in place, so any leaf under it fails the same way.
        case refused(VerificationError, concernsIntermediate: Bool)
    }

    /// Verifies that `leaf` chains through `intermediate` to an anchor (leaf, intermediate,
    /// anchor: no other path is acceptable), ignoring time.
    func verify(leaf: X509Certificate, intermediate: X509Certificate) -> Verdict {
        switch store.verify(leaf: leaf, untrusted: intermediate, depth: 1, partialChain: false) {
        case .failed(let reason, let depth, let chain):
            // At depth 1 or beyond the failure is the intermediate's or its issuer's, never the
            // leaf's, provided OpenSSL put this intermediate there (a leaf naming the root as
            // its issuer would put the root there).
            let concernsIntermediate = depth >= 1 && chain.count > 1 && chain[1].isSame(as: intermediate)
            let error = VerificationError(
                .untrustedChain,
                "the x5c chain does not lead to a trusted root: \(reason) (certificate at depth \(depth))")
            return .refused(error, concernsIntermediate: concernsIntermediate)
        case .verified(let chain):
            // What the known intermediates learn is about x5c[1]: it must be the one verified.
            guard chain.count == 3, chain[1].isSame(as: intermediate) else {
                let error = VerificationError(
                    .untrustedChain, "the verified chain has \(chain.count) certificates, not leaf, x5c[1] and a root")
                return .refused(error, concernsIntermediate: false)
            }
            let environments = restrictions.isEmpty ? nil : restrictions[chain[2].der]
            return .verified(
                aboveLeaf: chain[1].validity.intersection(chain[2].validity), environments: environments)
        }
    }
}
