import AppStoreSignedData
import Foundation

/// A PEM certificate (chain) and its PEM private key, served by the TLS layer.
package struct TLSFiles: Sendable {
    package var certificatePEM: [UInt8]
    package var keyPEM: [UInt8]

    package init(certificatePEM: [UInt8], keyPEM: [UInt8]) {
        self.certificatePEM = certificatePEM
        self.keyPEM = keyPEM
    }

    /// Reads both files now, so a missing file fails at configuration time, not at the first handshake.
    package init(certificatePath: String, keyPath: String) throws(ServerError) {
        self.init(
            certificatePEM: try Self.read(certificatePath, what: "certificate"),
            keyPEM: try Self.read(keyPath, what: "private key"))
    }

    /// When the served certificate (the first of the chain file) expires, in seconds since 1970;
    /// nil when none can be read (the TLS layer then refuses the pair at start).
    package var certificateExpiry: Int64? { PEMCertificate.expiry(certificatePEM) }

    private static func read(_ path: String, what: String) throws(ServerError) -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ServerError(.tlsFileUnreadable, "cannot read the TLS \(what) file \(path)")
        }
        return [UInt8](data)
    }

    /// A shape check that catches swapped or empty files with a clear message; the TLS
    /// library still has the last word when the server starts.
    func validationError() -> ServerError? {
        let certificate = String(decoding: certificatePEM, as: UTF8.self)
        let key = String(decoding: keyPEM, as: UTF8.self)
        if !certificate.contains("-----BEGIN CERTIFICATE-----") {
            return ServerError(.tlsInvalid, "the TLS certificate is not a PEM certificate")
        }
        if !(key.contains("-----BEGIN") && key.contains("PRIVATE KEY-----")) {
            return ServerError(.tlsInvalid, "the TLS private key is not a PEM private key")
        }
        if certificatePEM.contains(0) || keyPEM.contains(0) {
            return ServerError(.tlsInvalid, "the TLS certificate or key contains a NUL byte")
        }
        return nil
    }
}
