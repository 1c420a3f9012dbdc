/// A root certificate the verifier trusts (for App Store data: Apple Root CA - G3).
public struct TrustAnchor: Sendable {
    let certificate: X509Certificate
    /// DER of the certificate.
    public let der: [UInt8]
    /// The only environments whose payloads may chain to this anchor; nil: any. The local
    /// test CA, whose key sits on disk, is restricted to `LocalTesting` and `Xcode`.
    public private(set) var environments: Set<Environment>?

    /// Reads a DER certificate (`.cer`) or the first certificate of a PEM file.
    public init(derOrPEM bytes: [UInt8]) throws(VerificationError) {
        guard let certificate = X509Certificate(der: bytes) ?? X509Certificate(pem: bytes) else {
            throw VerificationError(.invalidTrustAnchor, "the trust anchor is neither a DER nor a PEM certificate")
        }
        self.init(certificate)
    }

    init(_ certificate: X509Certificate) {
        self.certificate = certificate
        self.der = certificate.der
    }

    /// The same anchor, trusted only for payloads from `environments`.
    public func restricted(to environments: Set<Environment>) -> TrustAnchor {
        var copy = self
        copy.environments = environments
        return copy
    }

    /// Uppercase hex pairs joined by colons, the form Apple publishes ("63:34:3A:...").
    public var sha256Fingerprint: String {
        SHA256Digest.hash(der).map { byte in
            let hex = String(byte, radix: 16, uppercase: true)
            return byte < 16 ? "0" + hex : hex
        }.joined(separator: ":")
    }

    /// The subject, for messages and logs.
    public var subject: String { certificate.subjectSummary }

    /// PEM text of the certificate.
    public var pem: String { certificate.pem }
}
