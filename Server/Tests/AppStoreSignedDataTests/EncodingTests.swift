import Foundation
import Testing

@testable import AppStoreSignedData

@Suite("Encodings and values")
struct EncodingTests {
    @Test(arguments: [0, 1, 2, 3, 4, 5, 31, 32, 33, 64, 1000])
    func base64RoundTripsInBothAlphabets(_ count: Int) {
        let bytes = (0..<count).map { _ in UInt8.random(in: 0...255) }
        for alphabet in [Base64.Alphabet.url, .standard] {
            let text = Base64.encode(bytes, alphabet: alphabet)
            #expect(Base64.decode(Array(text.utf8), alphabet: alphabet) == bytes)
        }
        #expect(Base64.encode(bytes, alphabet: .standard) == Data(bytes).base64EncodedString())
    }

    @Test(arguments: ["A", "AB=", "A=BC", "AB*D", "AB", "ABC", "+/", "-_=="])
    func base64URLRejectsWhatIsNotCanonical(_ text: String) {
        // "AB" and "ABC" leave non-zero trailing bits; the others use bytes outside the alphabet.
        #expect(Base64.decode(Array(text.utf8), alphabet: .url) == nil)
    }

    @Test("one byte outside the alphabet anywhere refuses the whole input", arguments: [30, 31, 32, 100])
    func base64RefusesAByteOutsideTheAlphabetAtAnyOffset(_ count: Int) {
        let bytes = (0..<count).map { _ in UInt8.random(in: 0...255) }
        for alphabet in [Base64.Alphabet.url, .standard] {
            let text = Array(Base64.encode(bytes, alphabet: alphabet).utf8)
            let other = alphabet == .url ? UInt8(ascii: "+") : UInt8(ascii: "_")
            for offset in text.indices where text[offset] != UInt8(ascii: "=") {
                // Standard base64 may end in padding: "=" is a byte outside the alphabet elsewhere.
                let padding = alphabet == .standard && offset >= text.count - 2
                for bad in [UInt8(ascii: "*"), other, 0x00, 0x80, 0xFF] + (padding ? [] : [UInt8(ascii: "=")]) {
                    var altered = text
                    altered[offset] = bad
                    #expect(Base64.decode(altered, alphabet: alphabet) == nil, "\(alphabet) offset \(offset)")
                }
            }
        }
    }

    @Test func anES256SignatureConvertsToDERAndBack() {
        var samples: [[UInt8]] = [
            [UInt8](repeating: 0xFF, count: 64), [UInt8](repeating: 0x00, count: 63) + [1],
            [0x00, 0x80] + [UInt8](repeating: 0x11, count: 62),
        ]
        samples.append((0..<64).map { _ in UInt8.random(in: 0...255) })
        for raw in samples {
            let der = ECDSASignature.der(fromRaw: raw)
            #expect(der[0] == 0x30)
            #expect(Int(der[1]) == der.count - 2)
            #expect(ECDSASignature.raw(fromDER: der) == raw)
        }
    }

    @Test func unknownNotificationValuesAreKeptNotRejected() throws {
        let type = try JSONDecoder().decode(NotificationType.self, from: Data("\"NEW_THING\"".utf8))
        #expect(type == .unknown("NEW_THING"))
        #expect(!type.isDocumented)
        #expect(String(decoding: try JSONEncoder().encode(type), as: UTF8.self) == "\"NEW_THING\"")
        let environment = try JSONDecoder().decode(Environment.self, from: Data("\"Staging\"".utf8))
        #expect(environment.rawValue == "Staging")
    }

    @Test func thereAre23DocumentedNotificationTypesEachRoundTripping() {
        #expect(NotificationType.documented.count == 23)
        #expect(Set(NotificationType.documented).count == 23)
        for type in NotificationType.documented {
            #expect(NotificationType(rawValue: type.rawValue) == type)
        }
        for subtype in NotificationSubtype.documented {
            #expect(NotificationSubtype(rawValue: subtype.rawValue) == subtype)
            #expect(subtype.isDocumented)
        }
        #expect(NotificationSubtype(rawValue: "SUMMARY") == .summary)
    }

    @Test func headerScannerReadsEscapesAndSkipsOtherMembers() throws {
        let header = try JOSEHeader.parse(
            Array(#"{"kid":{"a":[1,2.5e3,true,null]}, "alg" : "ES256", "x5c":["a\/b","\u0041"],"typ":"JWT"}"#.utf8))
        #expect(header.alg == "ES256")
        #expect(header.x5c == ["a/b", "A"])
        #expect(throws: VerificationError(.malformedJWS, "")) {
            try JOSEHeader.parse(Array(#"{"alg":"ES256","alg":"none"}"#.utf8))
        }
        #expect(throws: VerificationError(.unsupportedAlgorithm, "")) {
            try JOSEHeader.parse(Array(#"{"alg":"ES256","crit":["b64"]}"#.utf8))
        }
        #expect(throws: VerificationError(.malformedJWS, "")) {
            try JOSEHeader.parse(Array((String(repeating: "[", count: 100) + "").utf8))
        }
    }

    @Test func errorsCompareByCodeOnly() {
        #expect(VerificationError(.malformedJWS, "a") == VerificationError(.malformedJWS, "b"))
        #expect(VerificationError(.malformedJWS, "a") != VerificationError(.malformedPayload, "a"))
        #expect(VerificationError.Code.allCases.count == Set(VerificationError.Code.allCases.map(\.rawValue)).count)
    }
}
