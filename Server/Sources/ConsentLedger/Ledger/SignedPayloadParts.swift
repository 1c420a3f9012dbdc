/// The parts of a signed payload (a compact JWS) as its verifier split and decoded them: what
/// the ledger packs it from (``PackedPayload``), so that it never splits or decodes it again.
package struct SignedPayloadParts: Sendable, Equatable {
    /// The header segment, as it came (base64url).
    package var header: String
    /// SHA-256 of the header segment's bytes (32 bytes).
    package var headerDigest: [UInt8]
    /// The payload segment, decoded strictly: its base64url without padding is the segment.
    package var payload: [UInt8]
    /// The signature segment, as it came.
    package var signature: String

    package init(header: String, headerDigest: [UInt8], payload: [UInt8], signature: String) {
        self.header = header
        self.headerDigest = headerDigest
        self.payload = payload
        self.signature = signature
    }
}
