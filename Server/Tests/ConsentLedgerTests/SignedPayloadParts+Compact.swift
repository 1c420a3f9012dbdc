import AppStoreSignedData
import ConsentLedger

extension SignedPayloadParts {
    /// The parts of `jws` as the verifier splits and decodes them (nothing verified): what the
    /// server hands the ledger with a verified notification.
    init?(compact jws: String) {
        guard let parts = JWSParts(compact: jws) else { return nil }
        self.init(
            header: parts.header, headerDigest: parts.headerDigest, payload: parts.payload, signature: parts.signature)
    }
}

extension PackedPayload {
    /// `jws` packed from its parts; nil when it has no parts or they cannot be packed.
    init?(_ jws: String) {
        guard let parts = SignedPayloadParts(compact: jws) else { return nil }
        self.init(parts)
    }
}
