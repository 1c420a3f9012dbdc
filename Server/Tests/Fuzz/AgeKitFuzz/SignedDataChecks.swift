import Foundation

@testable import AppStoreSignedData

/// Checks on the parsing and decoding of App Store signed data: never a crash, and the
/// decisions the verifier relies on.
enum SignedDataChecks {
    static let headers = HeaderCache(capacity: 4)

    /// The compact JWS splitter and header parser. A parse must give back the input's own
    /// parts, and parsing again (now with the header remembered) the same parse.
    static func jws(_ input: [UInt8]) {
        let dots = input.withUnsafeBufferPointer { CompactJWS.dots(in: $0) }
        let expected = input.indices.filter { input[$0] == UInt8(ascii: ".") }
        guard dots.first == (expected.first ?? -1), dots.second == (expected.dropFirst().first ?? -1),
            dots.more == (expected.count > 2)
        else { FuzzFailure.fail("dots \(dots) for dots at \(expected)", input) }
        _ = try? JOSEHeader.parse(input)
        guard let parsed = try? CompactJWS.parse(input[...], headers: headers) else { return }
        guard expected.count == 2, parsed.signingInputCount == expected[1], parsed.headerCount == expected[0],
            parsed.signature.count == 64, parsed.header.alg == "ES256", parsed.header.x5c?.count == 3,
            Base64.encode(parsed.payload, alphabet: .url).utf8.elementsEqual(input[(expected[0] + 1)..<expected[1]])
        else { FuzzFailure.fail("a parse that does not match the input", input) }
        headers.insert(parsed.knownHeader)
        guard let again = try? CompactJWS.parse(input[...], headers: headers), again.payload == parsed.payload,
            again.signature == parsed.signature, again.header.x5c == parsed.header.x5c
        else { FuzzFailure.fail("parsing again with the header remembered gives another result", input) }
    }

    static func notification(_ input: [UInt8]) { decodes(VerifiedNotification.self, input) }
    static func transaction(_ input: [UInt8]) { decodes(JWSTransaction.self, input) }
    static func renewalInfo(_ input: [UInt8]) { decodes(JWSRenewalInfo.self, input) }
    static func appTransaction(_ input: [UInt8]) { decodes(AppTransaction.self, input) }

    /// A payload decoder: it decodes only what the parser accepts, and decides the same twice.
    private static func decodes<T: PayloadDecodable>(_ type: T.Type, _ input: [UInt8]) {
        let decoded = Result { () throws(VerificationError) -> T in try T.decode(input) }
        let parsed = Result { () throws(VerificationError) -> JSONValue in try JSONValue.parse(input) }
        if case .success = decoded, case .failure(let failure) = parsed {
            FuzzFailure.fail("decoded what the parser refuses (\(failure.reason))", input)
        }
        let again = Result { () throws(VerificationError) -> T in try T.decode(input) }
        switch (decoded, again) {
        case (.success, .success): break
        case (.failure(let first), .failure(let second)) where first.reason == second.reason: break
        default: FuzzFailure.fail("two decodings of one input disagree", input)
        }
    }

    /// base64url against Foundation's decoder: ours takes exactly the canonical unpadded
    /// texts, and decodes them as Foundation does.
    static func base64url(_ input: [UInt8]) {
        let ours = Base64.decode(input, alphabet: .url)
        let standard = input.map { byte -> UInt8 in
            switch byte {
            case UInt8(ascii: "-"): UInt8(ascii: "+")
            case UInt8(ascii: "_"): UInt8(ascii: "/")
            case UInt8(ascii: "+"), UInt8(ascii: "/"), UInt8(ascii: "="): UInt8(ascii: "!")  // not base64url
            default: byte
            }
        }
        let padded = standard + [UInt8](repeating: UInt8(ascii: "="), count: (4 - standard.count % 4) % 4)
        let foundation = Data(base64Encoded: Data(padded)).map { [UInt8]($0) }
        if let ours {
            guard let foundation, foundation == ours else {
                FuzzFailure.fail("decoded to \(ours.count) bytes; Foundation: \(foundation?.count ?? -1)", input)
            }
            guard Array(Base64.encode(ours, alphabet: .url).utf8) == input else {
                FuzzFailure.fail("accepted a text that is not the canonical encoding", input)
            }
        } else if let foundation, Array(Base64.encode(foundation, alphabet: .url).utf8) == input {
            FuzzFailure.fail("refused the canonical encoding of \(foundation.count) bytes", input)
        }
    }
}
