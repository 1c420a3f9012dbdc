/// What a successful chain verification leaves behind: the leaf's key, prepared for ES256,
/// and the window in which the whole chain (leaf, intermediate, anchor) is valid.
struct VerifiedChain: Sendable {
    let leafKey: ES256Verifier
    let validity: ValidityWindow
    /// The environments the chain's anchor is trusted for; nil: any.
    let environments: Set<Environment>?
}

/// The chain policy for App Store data: two certificates from `x5c`, the root from the
/// trust store only, Apple's marker extensions, a P-256 leaf. A leaf under an intermediate
/// already verified is checked against that intermediate, with the same leaf checks.
struct ChainPolicy: Sendable {
    let store: TrustStore
    /// SHA-256 of each anchor's DER: `x5c[2]` must be one of them.
    let rootDigests: Set<[UInt8]>

    init(anchors: [TrustAnchor]) {
        store = TrustStore(anchors: anchors)
        rootDigests = Set(anchors.map { SHA256Digest.hash($0.der) })
    }

    /// The cheap check before any parsing or signature: App Store chains carry their root as
    /// `x5c[2]`, so one that names no configured root is refused for the cost of a digest.
    /// (The root is still taken from the anchors, never from `x5c`.)
    func precheck(_ x5c: [String]) throws(VerificationError) {
        var text = x5c[2]
        let der = text.withUTF8 { Base64.decode($0, alphabet: .standard) }
        guard let der, rootDigests.contains(SHA256Digest.hash(der)) else {
            throw VerificationError(.untrustedChain, "x5c[2] is not a configured root certificate")
        }
    }

    /// What a full verification concluded, and what it teaches about the intermediate.
    enum Verdict {
        case verified(VerifiedChain, TrustedIntermediate)
        /// `concernsIntermediate`: the refusal holds for any leaf under this intermediate.
        case refused(VerificationError, concernsIntermediate: Bool)
    }

    /// Verifies the whole chain: leaf and intermediate from `x5c`, the anchor from the store.
    /// - Parameter intermediateDER: `x5c[1]` decoded.
    func verify(_ x5c: [String], intermediateDER: [UInt8]) -> Verdict {
        // Set before throwing a refusal that holds for any leaf under this intermediate.
        var concernsIntermediate = false
        do throws(VerificationError) {
            let leaf = try Self.certificate(x5c[0], position: 0)
            guard let intermediate = X509Certificate(der: intermediateDER) else {
                concernsIntermediate = true
                throw VerificationError(.untrustedChain, "x5c[1] is not a DER certificate")
            }
            // x5c[2] is never parsed: the root comes from the configured anchors.
            let aboveLeaf: ValidityWindow
            let environments: Set<Environment>?
            switch store.verify(leaf: leaf, intermediate: intermediate) {
            case .refused(let error, let intermediateToBlame):
                concernsIntermediate = intermediateToBlame
                throw error
            case .verified(let window, let restriction):
                (aboveLeaf, environments) = (window, restriction)
            }
            try Self.requireAppleLeaf(leaf)
            guard intermediate.hasExtension(.appleIntermediate) else {
                concernsIntermediate = true
                throw VerificationError(
                    .missingAppleExtension,
                    "the intermediate certificate lacks Apple's extension \(ObjectIdentifierOpenSSL.appleIntermediate.dotted)"
                )
            }
            let chain = VerifiedChain(
                leafKey: try Self.es256Key(leaf), validity: leaf.validity.intersection(aboveLeaf),
                environments: environments)
            return .verified(
                chain, TrustedIntermediate(certificate: intermediate, validity: aboveLeaf, environments: environments))
        } catch {
            return .refused(error, concernsIntermediate: concernsIntermediate)
        }
    }

    /// A leaf under an intermediate already verified in full: OpenSSL checks the leaf
    /// against that intermediate alone, then the same leaf checks as a full verification.
    func verify(_ x5c: [String], under intermediate: TrustedIntermediate) throws(VerificationError) -> VerifiedChain {
        let leaf = try Self.certificate(x5c[0], position: 0)
        let validity = try intermediate.verify(leaf: leaf)
        try Self.requireAppleLeaf(leaf)
        return VerifiedChain(
            leafKey: try Self.es256Key(leaf), validity: validity, environments: intermediate.environments)
    }

    /// SHA-256 of `x5c[1]`'s DER, and the DER: how known intermediates are looked up.
    static func intermediate(_ x5c: [String]) throws(VerificationError) -> (digest: [UInt8], der: [UInt8]) {
        var text = x5c[1]
        guard let der = text.withUTF8({ Base64.decode($0, alphabet: .standard) }) else {
            throw VerificationError(.untrustedChain, "x5c[1] is not base64")
        }
        return (SHA256Digest.hash(der), der)
    }

    private static func requireAppleLeaf(_ leaf: X509Certificate) throws(VerificationError) {
        guard leaf.hasExtension(.appleLeaf) else {
            throw VerificationError(
                .missingAppleExtension,
                "the leaf certificate lacks Apple's extension \(ObjectIdentifierOpenSSL.appleLeaf.dotted)")
        }
    }

    private static func es256Key(_ leaf: X509Certificate) throws(VerificationError) -> ES256Verifier {
        guard let key = leaf.publicKey, key.isP256 else {
            throw VerificationError(.unsupportedAlgorithm, "ES256 needs a P-256 key in the leaf certificate")
        }
        return ES256Verifier(key: key)
    }

    private static func certificate(_ base64: String, position: Int) throws(VerificationError) -> X509Certificate {
        var text = base64
        let decoded = text.withUTF8 { Base64.decode($0, alphabet: .standard) }
        guard let der = decoded else {
            throw VerificationError(.untrustedChain, "x5c[\(position)] is not base64")
        }
        guard let certificate = X509Certificate(der: der) else {
            throw VerificationError(.untrustedChain, "x5c[\(position)] is not a DER certificate")
        }
        return certificate
    }
}
