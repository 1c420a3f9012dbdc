/// What the server reads of a PEM certificate file it serves (its TLS chain), without the
/// OpenSSL object.
package enum PEMCertificate {
    /// When the first certificate of `pem` stops being valid (its `notAfter`), in seconds since
    /// 1970: for a TLS chain file, the served certificate's. Nil when no certificate can be read.
    package static func expiry(_ pem: [UInt8]) -> Int64? {
        guard let certificate = X509Certificate(pem: pem) else { return nil }
        let notAfter = certificate.validity.notAfter
        return notAfter == Int64.min ? nil : notAfter
    }
}
