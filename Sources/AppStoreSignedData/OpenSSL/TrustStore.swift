internal import CCrypto

/// Owns one OpenSSL `X509_STORE` holding only the configured trust anchors, and verifies
/// chains against it.
///
/// `@unchecked Sendable`: the store is filled once in `init` and only read afterwards;
/// OpenSSL locks its lookups internally.
final class TrustStore: @unchecked Sendable {
    private let store: OpaquePointer
    /// Keeps the anchors alive as long as the store (the store holds its own references too).
    private let anchors: [X509Certificate]
    /// The environments each restricted anchor is trusted for, by the anchor's DER.
    private let restrictions: [[UInt8]: Set<Environment>]

    init(anchors: [TrustAnchor]) {
        guard let store = X509_STORE_new() else { fatalError("X509_STORE_new failed: out of memory") }
        for anchor in anchors {
            X509_STORE_add_cert(store, anchor.certificate.pointer)
        }
        ERR_clear_error()
        self.store = store
        self.anchors = anchors.map(\.certificate)
        // The same root configured without a restriction too (say, as Apple's) is trusted for all.
        let unrestricted = Set(anchors.filter { $0.environments == nil }.map(\.der))
        var restrictions: [[UInt8]: Set<Environment>] = [:]
        for anchor in anchors where !unrestricted.contains(anchor.der) {
            guard let environments = anchor.environments else { continue }
            restrictions[anchor.der, default: []].formUnion(environments)
        }
        self.restrictions = restrictions
    }

    deinit { X509_STORE_free(store) }

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
        switch X509Verification.run(leaf: leaf, untrusted: intermediate, store: store, depth: 1, partialChain: false) {
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
