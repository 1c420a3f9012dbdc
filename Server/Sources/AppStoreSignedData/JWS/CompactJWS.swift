/// A compact JWS split into its parts, decoded from base64url, before any trust decision.
package struct CompactJWS: Sendable {
    var header: JOSEHeader
    /// The header's `x5c`, checked to hold exactly three certificates (leaf, intermediate,
    /// root), as standard base64 of DER.
    var x5c: [String]
    /// The whole input (offsets below count from its start); the signature covers its first
    /// ``signingInputCount`` bytes, `BASE64URL(header) "." BASE64URL(payload)`.
    var bytes: ArraySlice<UInt8>
    var signingInputCount: Int
    /// Length of the header segment, `BASE64URL(header)`.
    var headerCount: Int
    /// The known header or header cache entry whose segment this JWS's is, byte for byte;
    /// nil when the header was parsed anew.
    var reusedHeader: KnownHeader?
    var headerReused: Bool { reusedHeader != nil }
    var payload: [UInt8]
    /// Raw `R || S` as JWS ES256 carries it.
    var signature: [UInt8]

    /// The header segment (still base64url) and its parse, to reuse for a JWS whose header
    /// segment is byte for byte the same (a notification and its nested fields).
    /// `prefix` is the hash state after the segment's whole blocks, which every signing
    /// input with this header starts with.
    struct KnownHeader: Sendable {
        var segment: [UInt8]
        var header: JOSEHeader
        var prefix: SHA256Digest.Prefix?
        /// SHA-256 of `segment`: from `prefix`, only the last partial block hashed again.
        var digest: [UInt8]

        init(segment: [UInt8], header: JOSEHeader) {
            self.segment = segment
            self.header = header
            let prefix = segment.withUnsafeBytes { SHA256Digest.Prefix($0) }
            self.prefix = prefix
            self.digest = segment.withUnsafeBytes { prefix?.hash($0) ?? SHA256Digest.hash($0) }
        }
    }

    var knownHeader: KnownHeader {
        reusedHeader ?? KnownHeader(segment: Array(bytes.prefix(headerCount)), header: header)
    }

    /// SHA-256 of the signing input, hashed in place; a reused header's blocks are not
    /// hashed again.
    var signingInputDigest: [UInt8] {
        bytes.withUnsafeBytes { all in
            let input = UnsafeRawBufferPointer(rebasing: all[0..<signingInputCount])
            guard let prefix = reusedHeader?.prefix else { return SHA256Digest.hash(input) }
            return prefix.hash(input)
        }
    }

    /// Where the first two dots are (-1: absent), and whether there is a third.
    static func dots(in buffer: UnsafeBufferPointer<UInt8>) -> (first: Int, second: Int, more: Bool) {
        guard let base = buffer.baseAddress else { return (-1, -1, false) }
        func dot(after start: Int) -> Int {
            guard start < buffer.count,
                let found = Platform.offset(of: UInt8(ascii: "."), in: base + start, count: buffer.count - start)
            else { return -1 }
            return start + found
        }
        let first = dot(after: 0)
        let second = first < 0 ? -1 : dot(after: first + 1)
        return (first, second, second >= 0 && dot(after: second + 1) >= 0)
    }

    /// Splits and decodes. Checks the algorithm and the chain's shape; nothing cryptographic.
    /// A header is reused, not parsed, when its segment is byte for byte `known`'s or one in
    /// `headers`.
    static func parse(
        _ bytes: ArraySlice<UInt8>, known: KnownHeader? = nil, headers: HeaderCache? = nil
    ) throws(VerificationError) -> CompactJWS {
        let (firstDot, secondDot, moreDots) = bytes.withUnsafeBufferPointer { dots(in: $0) }
        guard !moreDots else {
            throw VerificationError(.malformedJWS, "a compact JWS has exactly three parts; found more")
        }
        guard secondDot > 0 else {
            throw VerificationError(.malformedJWS, "a compact JWS has exactly three parts separated by '.'")
        }
        guard firstDot > 0, secondDot > firstDot + 1, secondDot < bytes.count - 1 else {
            throw VerificationError(.malformedJWS, "a part of the JWS is empty")
        }
        let reused = bytes.withUnsafeBufferPointer { all -> KnownHeader? in
            let segment = UnsafeBufferPointer(rebasing: all[0..<firstDot])
            if let known, HeaderCache.same(known.segment, segment) {
                return known
            }
            return headers?.header(for: segment)
        }
        let decoded = bytes.withUnsafeBufferPointer { all -> ([UInt8]?, [UInt8]?, [UInt8]?) in
            let header =
                reused != nil ? [] : Base64.decode(UnsafeBufferPointer(rebasing: all[0..<firstDot]), alphabet: .url)
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
        let header: JOSEHeader
        if let reused {
            header = reused.header
        } else {
            header = try JOSEHeader.parse(headerBytes)
        }
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
            header: header, x5c: x5c, bytes: bytes, signingInputCount: secondDot, headerCount: firstDot,
            reusedHeader: reused, payload: payload, signature: signature)
    }
}
