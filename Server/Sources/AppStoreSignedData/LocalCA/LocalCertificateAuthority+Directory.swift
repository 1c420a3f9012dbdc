import Foundation
import ServerTime

/// The authority on disk: six PEM files in a directory that `serve`, `simulate` and the tests
/// may all ask for at the same moment. One of them creates it, under a lock on the directory,
/// and the others wait and read what it wrote; `leaf-key.pem` is written last, so a directory
/// that has it holds a whole authority.
extension LocalCertificateAuthority {
    static let files = (
        root: "root.pem", rootKey: "root-key.pem", intermediate: "intermediate.pem",
        intermediateKey: "intermediate-key.pem", leaf: "leaf.pem", leafKey: "leaf-key.pem"
    )

    /// Loads the authority kept in `directory`, or creates one there (valid from a day before
    /// `now` for ten years) when the directory holds none. Of several processes that find none
    /// at the same moment, one creates it and the others load that one.
    public static func loadOrCreate(
        directory: String, now: Date = SystemClock().date()
    ) throws(VerificationError) -> LocalCertificateAuthority {
        if isComplete(directory) { return try load(directory: directory) }
        try makeDirectory(directory)
        let descriptor: Int32
        switch Platform.lockDirectory(directory) {
        case .success(let locked): descriptor = locked
        case .failure(let failure):
            throw VerificationError(.localCAUnavailable, "cannot lock \(directory): \(failure.reason)")
        }
        defer { Platform.closeDescriptor(descriptor) }
        // Another process may have created it while this one waited for the lock.
        if isComplete(directory) { return try load(directory: directory) }
        let authority = try generate(
            notBefore: now.addingTimeInterval(-86_400), notAfter: now.addingTimeInterval(10 * 365.25 * 86_400))
        try authority.write(to: directory)
        return authority
    }

    /// Whether `directory` holds a whole authority (its last file is there).
    static func isComplete(_ directory: String) -> Bool {
        FileManager.default.fileExists(
            atPath: URL(fileURLWithPath: directory).appendingPathComponent(files.leafKey).path)
    }

    /// Reads an authority written by ``write(to:)``.
    public static func load(directory: String) throws(VerificationError) -> LocalCertificateAuthority {
        let url = URL(fileURLWithPath: directory)
        func bytes(_ name: String) throws(VerificationError) -> [UInt8] {
            do {
                return [UInt8](try Data(contentsOf: url.appendingPathComponent(name)))
            } catch {
                throw VerificationError(
                    .localCAUnavailable, "cannot read \(url.appendingPathComponent(name).path): \(error)")
            }
        }
        func certificate(_ name: String) throws(VerificationError) -> X509Certificate {
            guard let certificate = X509Certificate(pem: try bytes(name)) else {
                throw VerificationError(.localCAUnavailable, "\(name) in \(directory) is not a PEM certificate")
            }
            return certificate
        }
        func key(_ name: String) throws(VerificationError) -> OpenSSLKey {
            guard let key = OpenSSLKey(privatePEM: try bytes(name)) else {
                throw VerificationError(.localCAUnavailable, "\(name) in \(directory) is not a PEM private key")
            }
            return key
        }
        return LocalCertificateAuthority(
            root: try certificate(files.root), intermediate: try certificate(files.intermediate),
            leaf: try certificate(files.leaf), rootKey: try key(files.rootKey),
            intermediateKey: try key(files.intermediateKey), leafKey: try key(files.leafKey))
    }

    /// Writes the certificates and keys as PEM files (keys readable by the owner only), each
    /// whole or not at all, and `leaf-key.pem` last.
    public func write(to directory: String) throws(VerificationError) {
        try Self.makeDirectory(directory)
        let contents: [(String, String, UInt32)] = [
            (Self.files.root, root.pem, 0o644), (Self.files.intermediate, intermediate.pem, 0o644),
            (Self.files.leaf, leaf.pem, 0o644), (Self.files.rootKey, rootKey.privatePEM, 0o600),
            (Self.files.intermediateKey, intermediateKey.privatePEM, 0o600),
            (Self.files.leafKey, leafKey.privatePEM, 0o600),
        ]
        for (name, text, mode) in contents {
            let path = URL(fileURLWithPath: directory).appendingPathComponent(name).path
            if let failure = Platform.replaceWhole(path, bytes: Array(text.utf8), mode: mode) {
                throw VerificationError(.localCAUnavailable, "cannot write \(path): \(failure.reason)")
            }
        }
    }

    private static func makeDirectory(_ directory: String) throws(VerificationError) {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw VerificationError(.localCAUnavailable, "cannot create \(directory): \(error)")
        }
    }
}
