/// The parts of a signed payload (a compact JWS) as its verifier split and decoded them: what
/// the ledger packs it from (``PackedPayload``), so that it never splits or decodes it again.
package struct SignedPayloadParts: Sendable, Equatable {
    /// The header segment's bytes, as they came (base64url).
    package var header: [UInt8]
    /// SHA-256 of the header segment's bytes (32 bytes).
    package var headerDigest: [UInt8]
    /// The payload segment, decoded strictly: its base64url without padding is the segment.
    package var payload: [UInt8]
    /// The signature segment's bytes, as they came.
    package var signature: [UInt8]

    package init(header: [UInt8], headerDigest: [UInt8], payload: [UInt8], signature: [UInt8]) {
        self.header = header
        self.headerDigest = headerDigest
        self.payload = payload
        self.signature = signature
    }
}
