/// What a successful chain verification leaves behind: the leaf's key, prepared for ES256,
/// and the window in which the whole chain (leaf, intermediate, anchor) is valid.
struct VerifiedChain: Sendable {
    let leafKey: ES256Verifier
    let validity: ValidityWindow
    /// The environments the chain's anchor is trusted for; nil: any.
    let environments: Set<Environment>?
}

/// The chain policy for App Store data: two certificates from `x5c`, the root from the
/// trust store only, Apple's marker extensions, a P-256 leaf.
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

    func verify(_ x5c: [String]) throws(VerificationError) -> VerifiedChain {
        let leaf = try Self.certificate(x5c[0], position: 0)
        let intermediate = try Self.certificate(x5c[1], position: 1)
        // x5c[2] is never parsed: the root comes from the configured anchors.
        let (validity, environments) = try store.verify(leaf: leaf, intermediate: intermediate)
        guard leaf.hasExtension(.appleLeaf) else {
            throw VerificationError(
                .missingAppleExtension,
                "the leaf certificate lacks Apple's extension \(ObjectIdentifierOpenSSL.appleLeaf.dotted)")
        }
        guard intermediate.hasExtension(.appleIntermediate) else {
            throw VerificationError(
                .missingAppleExtension,
                "the intermediate certificate lacks Apple's extension \(ObjectIdentifierOpenSSL.appleIntermediate.dotted)"
            )
        }
        guard let key = leaf.publicKey, key.isP256 else {
            throw VerificationError(.unsupportedAlgorithm, "ES256 needs a P-256 key in the leaf certificate")
        }
        return VerifiedChain(leafKey: ES256Verifier(key: key), validity: validity, environments: environments)
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
