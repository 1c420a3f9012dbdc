/// The three segments of a compact JWS as they came, with its payload decoded: what a store
/// needs to keep the exact signed text in parts (the header once per signing chain, the
/// payload decoded) without splitting and decoding it again.
public struct JWSParts: Sendable, Equatable {
    /// The header segment's bytes, as they came (base64url).
    public let header: [UInt8]
    /// SHA-256 of ``header`` (32 bytes).
    public let headerDigest: [UInt8]
    /// The payload segment decoded. Decoding is strict (no padding, unused bits zero), so
    /// base64url without padding of these bytes is the payload segment again, byte for byte.
    public let payload: [UInt8]
    /// The signature segment's bytes, as they came (base64url).
    public let signature: [UInt8]

    /// Splits and decodes `jws` without verifying anything; nil when it is not three parts
    /// with a non-empty header and a strictly base64url payload.
    public init?(compact jws: String) {
        let bytes = Array(jws.utf8)
        let dot = UInt8(ascii: ".")
        guard let first = bytes.firstIndex(of: dot), first > 0,
            let second = bytes[(first + 1)...].firstIndex(of: dot), !bytes[(second + 1)...].contains(dot),
            let payload = Base64.decode(bytes[(first + 1)..<second], alphabet: .url)
        else { return nil }
        let header = Array(bytes[..<first])
        self.init(
            header: header, headerDigest: SHA256Digest.hash(header), payload: payload,
            signature: Array(bytes[(second + 1)...]))
    }

    init(header: [UInt8], headerDigest: [UInt8], payload: [UInt8], signature: [UInt8]) {
        self.header = header
        self.headerDigest = headerDigest
        self.payload = payload
        self.signature = signature
    }

    /// The parts of a parsed JWS whose header is `known`.
    init(_ jws: CompactJWS, header known: CompactJWS.KnownHeader) {
        self.init(
            header: known.segment, headerDigest: known.digest, payload: jws.payload,
            signature: Array(jws.bytes.dropFirst(jws.signingInputCount + 1)))
    }
}

/// A verified notification with the parts of the JWS it came in.
public struct SignedNotification: Sendable {
    public let notification: VerifiedNotification
    public let parts: JWSParts
}
