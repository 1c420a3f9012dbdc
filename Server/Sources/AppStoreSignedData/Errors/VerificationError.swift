import CodedErrors

/// The module's one error: a stable machine code and a human reason.
///
/// Two errors are equal when their codes are equal, so callers and tests match on the code
/// while the reason stays free to carry detail (which certificate, which time, which field).
public typealias VerificationError = ModuleError<VerificationErrorCode>

/// The stable codes of ``VerificationError``: logs, metrics, HTTP responses and tests depend on
/// these strings.
public enum VerificationErrorCode: String, Sendable, CaseIterable, Codable {
    /// Not a compact JWS: wrong number of parts, bad base64url, header not JSON.
    case malformedJWS = "malformed_jws"
    /// `alg` is not `ES256` (none, HS256, RS256, ...), or a header asks for what we do not support.
    case unsupportedAlgorithm = "unsupported_algorithm"
    /// `x5c` is missing or does not hold exactly three certificates.
    case missingChain = "missing_chain"
    /// The chain does not lead to a configured trust anchor.
    case untrustedChain = "untrusted_chain"
    /// The chain ends at a root trusted only for other environments (the local test CA:
    /// `LocalTesting` and `Xcode` only).
    case untrustedForEnvironment = "untrusted_for_environment"
    /// A certificate of the chain is expired or not yet valid at the effective time.
    case certificateNotValidAtTime = "certificate_not_valid_at_time"
    /// The leaf or the intermediate lacks Apple's marker extension.
    case missingAppleExtension = "missing_apple_extension"
    /// The ES256 signature does not verify with the leaf's key.
    case signatureMismatch = "signature_mismatch"
    /// The payload names another app.
    case wrongBundleId = "wrong_bundle_id"
    /// The payload names another App Apple ID (checked in Production).
    case wrongAppAppleId = "wrong_app_apple_id"
    /// The payload comes from an environment this app does not accept.
    case wrongEnvironment = "wrong_environment"
    /// The signed payload is not the JSON the App Store documents.
    case malformedPayload = "malformed_payload"
    /// Too many never-seen chains to verify this second: not a verdict, retry later.
    case verificationBusy = "verification_busy"
    /// The input is larger than the configured limit.
    case inputTooLarge = "input_too_large"
    /// A certificate or key given as configuration does not parse.
    case invalidTrustAnchor = "invalid_trust_anchor"
    /// The local test certificate authority's files cannot be read or written.
    case localCAUnavailable = "local_ca_unavailable"
    /// The local test certificate authority could not make a key, a certificate or a signature.
    case signingFailed = "signing_failed"
}

extension VerificationError {
    /// What the strict JSON reader refuses. Each caller states what the JSON was: a header
    /// becomes `malformed_jws`, a payload keeps `malformed_payload`, both with this reason.
    static func malformedPayload(_ reason: String) -> VerificationError {
        VerificationError(.malformedPayload, reason)
    }
}
