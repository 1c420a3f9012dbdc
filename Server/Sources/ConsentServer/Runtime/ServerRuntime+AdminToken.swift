import Foundation

extension ServerRuntime {
    /// A shorter bearer token could be guessed by an online search: 32 characters of hex are 128 bits.
    static let minimumTokenLength = 32

    /// AGEKIT_ADMIN_TOKEN, or in LocalTesting mode a token kept in the data directory: a
    /// script reads that file as soon as it appears, so it appears whole.
    static func adminToken(
        _ configuration: ServerConfiguration, environment: [String: String]
    ) throws(ServerError)
        -> (token: String, line: String)
    {
        if let token = environment["AGEKIT_ADMIN_TOKEN"] {
            guard token.count >= minimumTokenLength else {
                throw ServerError.configuration(
                    "AGEKIT_ADMIN_TOKEN",
                    "use at least \(minimumTokenLength) characters (it has \(token.count)); for example: openssl rand -hex 32"
                )
            }
            return (token, "  admin token: from AGEKIT_ADMIN_TOKEN")
        }
        guard configuration.localTesting else {
            throw ServerError.configuration(
                "AGEKIT_ADMIN_TOKEN", "required outside LocalTesting mode (the bearer token of the /v1 admin API)")
        }
        let path = configuration.adminTokenFile
        func kept() -> String? {
            guard let data = FileManager.default.contents(atPath: path) else { return nil }
            let token = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            return token.count >= minimumTokenLength ? token : nil
        }
        if let token = kept() { return (token, "  admin token: \(path)") }
        var generator = SystemRandomNumberGenerator()
        let token = (0..<32).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
        let bytes = Array((token + "\n").utf8)
        // Created only if no other process did it first; one too short to keep is replaced in
        // one step (two processes that both find it so each write their own: the last wins).
        let failure: Int32?
        switch Platform.createWhole(path, bytes: bytes, mode: 0o600) {
        case .created: failure = nil
        case .exists:
            if let theirs = kept() { return (theirs, "  admin token: \(path)") }
            failure = Platform.replaceWhole(path, bytes: bytes, mode: 0o600)
        case .failed(let code): failure = code
        }
        if let failure {
            throw ServerError(
                .startupFailed, "cannot write the admin token to \(path): \(Platform.describe(error: failure))")
        }
        return (token, "  admin token: generated, written to \(path)")
    }
}
