/// The protected header of a JWS: only what ES256 with an `x5c` chain needs.
struct JOSEHeader: Sendable {
    var alg: String
    /// The certificates as they appear in the header (standard base64 of DER).
    var x5c: [String]?

    /// Reads the header with the strict payload parser: a JSON object, no duplicate members.
    static func parse(_ bytes: [UInt8]) throws(VerificationError) -> JOSEHeader {
        let alg: String?
        let x5c: [String]?
        let critical: Bool
        do {
            let fields = try JSONFields(try JSONValue.parse(bytes), path: "")
            alg = try fields.string("alg")
            x5c = try fields.strings("x5c")
            critical = fields.members["crit"] != nil
        } catch {
            throw VerificationError(.malformedJWS, "the JWS header is not valid: \(error.reason)")
        }
        // RFC 7515: a header naming extensions that must be understood cannot be accepted.
        guard !critical else {
            throw VerificationError(.unsupportedAlgorithm, "the JWS header lists critical extensions")
        }
        guard let alg else { throw VerificationError(.unsupportedAlgorithm, "the JWS header has no alg") }
        return JOSEHeader(alg: alg, x5c: x5c)
    }
}
