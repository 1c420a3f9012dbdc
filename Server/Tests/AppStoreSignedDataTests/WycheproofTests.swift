import TestSupport
import Testing

@testable import AppStoreSignedData

/// Project Wycheproof's ECDSA P-256/SHA-256 vectors through every ES256 path: each `valid`
/// case accepted, each `invalid` one refused. The files hold no `acceptable` case; one added
/// later fails here until its verdict is decided and written down in docs/reliability.md.
@Suite("Wycheproof ECDSA P-256 vectors")
struct WycheproofTests {
    /// The ways a raw `R || S` signature reaches a verdict.
    enum RawPath: String, CaseIterable, CustomTestStringConvertible {
        /// `EVP_PKEY_verify` on reused contexts, after the DER conversion.
        case general
        /// The fixed-base tables of ``P256FixedKey``, forced on from the first use.
        case prepared
        var testDescription: String { rawValue }

        func verifier(_ key: OpenSSLKey) -> ES256Verifier {
            switch self {
            case .general: ES256Verifier(key: key, precomputeAfter: .max)
            case .prepared: ES256Verifier(key: key, precomputeAfter: 0, buildsInBackground: false)
            }
        }
    }

    @Test(
        "the files hold the cases their headers declare, none of them acceptable",
        arguments: WycheproofVectors.Encoding.allCases)
    func filesAreComplete(encoding: WycheproofVectors.Encoding) throws {
        let cases = try WycheproofVectors.groups(encoding).flatMap(\.cases)
        #expect(cases.count == (try WycheproofVectors.declaredCount(encoding)))
        #expect(cases.count == (encoding == .p1363 ? 262 : 484))
        #expect(!cases.contains { $0.verdict == .acceptable })
    }

    @Test("every raw r‖s case gets its verdict on every verification path", arguments: RawPath.allCases)
    func rawSignatures(path: RawPath) throws {
        var wrong: [String] = []
        for group in try WycheproofVectors.groups(.p1363) {
            let key = try #require(OpenSSLKey(publicKeyDER: group.publicKeyDER))
            let verifier = path.verifier(key)
            for test in group.cases {
                let accepted = verifier.verify(rawSignature: test.signature, digest: SHA256Digest.hash(test.message))
                if accepted != (test.verdict == .valid) { wrong.append("\(test): accepted \(accepted)") }
            }
            // A group whose only signature is not 64 bytes long never reaches a path.
            if group.cases.contains(where: { $0.signature.count == 64 }) {
                #expect(verifier.usesTable == (path == .prepared), "key \(group.publicKeyPEM)")
            }
        }
        #expect(wrong.isEmpty, "\(wrong)")
    }

    @Test("every DER case gets its verdict through the DER conversion on every path", arguments: RawPath.allCases)
    func derSignaturesThroughTheConversion(path: RawPath) throws {
        var wrong: [String] = []
        for group in try WycheproofVectors.groups(.der) {
            let key = try #require(OpenSSLKey(publicKeyDER: group.publicKeyDER))
            let verifier = path.verifier(key)
            for test in group.cases {
                let digest = SHA256Digest.hash(test.message)
                let accepted = ECDSASignature.raw(fromDER: test.signature).map {
                    verifier.verify(rawSignature: $0, digest: digest)
                }
                if (accepted ?? false) != (test.verdict == .valid) {
                    wrong.append("\(test): \(accepted.map { "accepted \($0)" } ?? "refused by the conversion")")
                }
            }
        }
        #expect(wrong.isEmpty, "\(wrong)")
    }

    @Test("OpenSSL's one-shot EVP_DigestVerify, the differential reference, agrees with every DER case")
    func derSignaturesInOpenSSL() throws {
        var wrong: [String] = []
        for group in try WycheproofVectors.groups(.der) {
            let key = try #require(OpenSSLKey(publicKeyDER: group.publicKeyDER))
            for test in group.cases
            where key.verifySHA256(derSignature: test.signature, message: test.message) != (test.verdict == .valid) {
                wrong.append("\(test)")
            }
        }
        #expect(wrong.isEmpty, "\(wrong)")
    }

    @Test("the conversion gives back every 64-byte signature, and strict DER only for a valid DER case")
    func conversionRoundTrips() throws {
        for test in try WycheproofVectors.groups(.p1363).flatMap(\.cases) where test.signature.count == 64 {
            let der = ECDSASignature.der(fromRaw: test.signature)
            #expect(ECDSASignature.raw(fromDER: der) == test.signature, "\(test)")
        }
        for test in try WycheproofVectors.groups(.der).flatMap(\.cases) {
            // A valid case's DER is canonical: converting back gives the same bytes.
            guard test.verdict == .valid else { continue }
            let raw = try #require(ECDSASignature.raw(fromDER: test.signature), "\(test)")
            #expect(ECDSASignature.der(fromRaw: raw) == test.signature, "\(test)")
        }
    }
}
