import Foundation

/// A local stand-in for Apple's signing chain: a root, an intermediate and a P-256 leaf that
/// carry Apple's marker extensions, kept as PEM files in a directory. It signs payloads the
/// way the App Store does (ES256, 3-entry `x5c`), so they verify wherever its root is trusted
/// and nowhere else.
public final class LocalCertificateAuthority: Sendable {
    let root: X509Certificate
    let intermediate: X509Certificate
    let leaf: X509Certificate
    let rootKey: OpenSSLKey
    let intermediateKey: OpenSSLKey
    let leafKey: OpenSSLKey
    /// Standard base64 of each certificate's DER: leaf, intermediate, root.
    public let x5c: [String]

    init(
        root: X509Certificate, intermediate: X509Certificate, leaf: X509Certificate, rootKey: OpenSSLKey,
        intermediateKey: OpenSSLKey, leafKey: OpenSSLKey
    ) {
        self.root = root
        self.intermediate = intermediate
        self.leaf = leaf
        self.rootKey = rootKey
        self.intermediateKey = intermediateKey
        self.leafKey = leafKey
        self.x5c = [leaf, intermediate, root].map { Base64.encode($0.der, alphabet: .standard) }
    }

    /// A new authority in memory whose three certificates share one validity window.
    /// Tests choose the window (expired, not yet valid) and may leave out Apple's extensions.
    public static func generate(
        notBefore: Date, notAfter: Date, leafOID: Bool = true, intermediateOID: Bool = true
    ) throws(VerificationError) -> LocalCertificateAuthority {
        try generate(
            notBefore: notBefore, notAfter: notAfter, leafExtension: leafOID ? .appleLeaf : nil,
            intermediateExtension: intermediateOID ? .appleIntermediate : nil)
    }

    /// As above, choosing the marker extension of each certificate (tests swap them).
    static func generate(
        notBefore: Date, notAfter: Date, leafExtension: ObjectIdentifierOpenSSL?,
        intermediateExtension: ObjectIdentifierOpenSSL?
    ) throws(VerificationError) -> LocalCertificateAuthority {
        guard let rootKey = OpenSSLKey.generateP256(), let intermediateKey = OpenSSLKey.generateP256(),
            let leafKey = OpenSSLKey.generateP256()
        else { throw VerificationError(.signingFailed, "could not generate P-256 keys") }
        let from = Int64(notBefore.timeIntervalSince1970.rounded(.down))
        let until = Int64(notAfter.timeIntervalSince1970.rounded(.down))
        var generator = SystemRandomNumberGenerator()
        func serial() -> Int64 { Int64.random(in: 1...Int64.max, using: &generator) }
        let root = try CertificateBuilder.issue(
            role: .root, commonName: "AgeKit Local Root CA", subjectKey: rootKey, issuer: nil, serial: serial(),
            notBefore: from, notAfter: until, appleOID: nil)
        let intermediate = try CertificateBuilder.issue(
            role: .intermediate, commonName: "AgeKit Local Intermediate CA", subjectKey: intermediateKey,
            issuer: (root, rootKey), serial: serial(), notBefore: from, notAfter: until,
            appleOID: intermediateExtension)
        let leaf = try issueLeaf(
            key: leafKey, issuer: (intermediate, intermediateKey), notBefore: from, notAfter: until,
            appleOID: leafExtension)
        return LocalCertificateAuthority(
            root: root, intermediate: intermediate, leaf: leaf, rootKey: rootKey,
            intermediateKey: intermediateKey, leafKey: leafKey)
    }

    /// The same root and intermediate with a new P-256 leaf (new key, new serial): a rotated
    /// signing certificate, as a receiver that already knows the intermediate sees it.
    public func reissuingLeaf(
        notBefore: Date, notAfter: Date
    ) throws(VerificationError) -> LocalCertificateAuthority {
        try reissuingLeaf(notBefore: notBefore, notAfter: notAfter, leafExtension: .appleLeaf)
    }

    /// As above, choosing the leaf's marker extension (tests give it a wrong one).
    func reissuingLeaf(
        notBefore: Date, notAfter: Date, leafExtension: ObjectIdentifierOpenSSL?
    ) throws(VerificationError) -> LocalCertificateAuthority {
        guard let leafKey = OpenSSLKey.generateP256() else {
            throw VerificationError(.signingFailed, "could not generate a P-256 key")
        }
        let leaf = try Self.issueLeaf(
            key: leafKey, issuer: (intermediate, intermediateKey),
            notBefore: Int64(notBefore.timeIntervalSince1970.rounded(.down)),
            notAfter: Int64(notAfter.timeIntervalSince1970.rounded(.down)), appleOID: leafExtension)
        return LocalCertificateAuthority(
            root: root, intermediate: intermediate, leaf: leaf, rootKey: rootKey,
            intermediateKey: intermediateKey, leafKey: leafKey)
    }

    private static func issueLeaf(
        key: OpenSSLKey, issuer: (X509Certificate, OpenSSLKey), notBefore: Int64, notAfter: Int64,
        appleOID: ObjectIdentifierOpenSSL?
    ) throws(VerificationError) -> X509Certificate {
        try CertificateBuilder.issue(
            role: .leaf, commonName: "AgeKit Local Store Signing", subjectKey: key, issuer: issuer,
            serial: Int64.random(in: 1...Int64.max), notBefore: notBefore, notAfter: notAfter, appleOID: appleOID)
    }

    /// The root to trust for payloads this authority signs.
    public var rootAnchor: TrustAnchor { TrustAnchor(root) }

    /// A compact JWS over `payload`, ES256, with the 3-entry `x5c` Apple uses.
    public func sign(payload: [UInt8]) throws(VerificationError) -> String {
        let x5c = self.x5c.map { "\"\($0)\"" }.joined(separator: ",")
        return try sign(payload: payload, header: Array("{\"alg\":\"ES256\",\"x5c\":[\(x5c)]}".utf8))
    }

    /// Encodes `value` as JSON and signs it.
    public func sign<T: Encodable>(_ value: T) throws(VerificationError) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        let payload: [UInt8]
        do {
            payload = [UInt8](try encoder.encode(value))
        } catch {
            throw VerificationError(.signingFailed, "\(error)")
        }
        return try sign(payload: payload)
    }

    /// Signs with any header: tests use it to forge what Apple never sends.
    public func sign(payload: [UInt8], header: [UInt8]) throws(VerificationError) -> String {
        let input =
            Base64.encode(header, alphabet: .url) + "." + Base64.encode(payload, alphabet: .url)
        guard let der = leafKey.signSHA256(Array(input.utf8)), let raw = ECDSASignature.raw(fromDER: der) else {
            throw VerificationError(.signingFailed, "could not sign with the leaf key")
        }
        return input + "." + Base64.encode(raw, alphabet: .url)
    }

    /// The certificates as PEM, leaf first.
    public var chainPEM: [String] { [leaf.pem, intermediate.pem, root.pem] }
}
