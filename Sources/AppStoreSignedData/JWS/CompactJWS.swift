/// A compact JWS split into its parts, decoded from base64url, before any trust decision.
struct CompactJWS: Sendable {
    var header: JOSEHeader
    /// The exact bytes the signature covers: `BASE64URL(header) "." BASE64URL(payload)`.
    var signingInput: [UInt8]
    var payload: [UInt8]
    /// Raw `R || S` as JWS ES256 carries it.
    var signature: [UInt8]

    /// Splits and decodes. Checks the algorithm and the chain's shape; nothing cryptographic.
    static func parse(_ bytes: [UInt8]) throws(VerificationError) -> CompactJWS {
        var firstDot = -1
        var secondDot = -1
        for index in bytes.indices where bytes[index] == UInt8(ascii: ".") {
            if firstDot < 0 {
                firstDot = index
            } else if secondDot < 0 {
                secondDot = index
            } else {
                throw VerificationError(.malformedJWS, "a compact JWS has exactly three parts; found more")
            }
        }
        guard secondDot > 0 else {
            throw VerificationError(.malformedJWS, "a compact JWS has exactly three parts separated by '.'")
        }
        guard firstDot > 0, secondDot > firstDot + 1, secondDot < bytes.count - 1 else {
            throw VerificationError(.malformedJWS, "a part of the JWS is empty")
        }
        let decoded = bytes.withUnsafeBufferPointer { all -> ([UInt8]?, [UInt8]?, [UInt8]?) in
            let header = Base64.decode(UnsafeBufferPointer(rebasing: all[0..<firstDot]), alphabet: .url)
            let payload = Base64.decode(UnsafeBufferPointer(rebasing: all[(firstDot + 1)..<secondDot]), alphabet: .url)
            let signature = Base64.decode(UnsafeBufferPointer(rebasing: all[(secondDot + 1)...]), alphabet: .url)
            return (header, payload, signature)
        }
        guard let headerBytes = decoded.0 else {
            throw VerificationError(.malformedJWS, "the JWS header is not base64url")
        }
        guard let payload = decoded.1 else {
            throw VerificationError(.malformedJWS, "the JWS payload is not base64url")
        }
        guard let signature = decoded.2 else {
            throw VerificationError(.malformedJWS, "the JWS signature is not base64url")
        }
        let header = try JOSEHeader.parse(headerBytes)
        guard header.alg == "ES256" else {
            throw VerificationError(
                .unsupportedAlgorithm, "alg '\(header.alg.prefix(32))' is not accepted: App Store data uses ES256 only")
        }
        guard let x5c = header.x5c else {
            throw VerificationError(.missingChain, "the JWS header has no x5c certificate chain")
        }
        guard x5c.count == 3 else {
            throw VerificationError(
                .missingChain, "x5c holds \(x5c.count) certificates; App Store data carries exactly 3")
        }
        guard signature.count == 64 else {
            throw VerificationError(
                .signatureMismatch, "an ES256 signature is 64 bytes (R || S); this one is \(signature.count)")
        }
        return CompactJWS(
            header: header, signingInput: Array(bytes[0..<secondDot]), payload: payload, signature: signature)
    }
}
