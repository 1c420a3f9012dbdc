import Foundation
import Testing

@testable import AppStoreSignedData

/// Strings are scanned a word at a time: a quote, a backslash or a control byte must be found
/// wherever it falls relative to the 8-byte words, and the result must match Foundation's.
@Suite("JSON strings scanned by words")
struct JSONStringScanTests {
    @Test("escapes, control bytes, invalid UTF-8 and non-ASCII text at every offset", arguments: 0..<24)
    func everyOffset(offset: Int) throws {
        let prefix = String(repeating: "a", count: offset)
        for special in [#"\""#, #"\\"#, #"\n"#, #"\u00e9"#, "é", "€", "😀", "\u{7F}"] {
            let text = prefix + special + String(repeating: "b", count: 17)
            let json = #"{"k":""# + text + #""}"#
            let ours = try JSONValue.parse(Array(json.utf8))
            let expected = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: String]
            #expect(ours == .object(["k": .string(try #require(expected?["k"]))]), "\(json)")
        }
        for invalid: [UInt8] in [[0xFF], [0xC3], [0xE2, 0x82], [0xED, 0xA0, 0x80]] {
            let bytes = Array(#"{"k":""#.utf8) + Array(prefix.utf8) + invalid + Array(#"bbbbbbbbbbbbbbbb"}"#.utf8)
            #expect(throws: VerificationError.self, "\(invalid) at \(offset)") { try JSONValue.parse(bytes) }
        }
        for control: UInt8 in [0x00, 0x01, 0x09, 0x0A, 0x1F] {
            var bytes = Array(#"{"k":""#.utf8) + Array(prefix.utf8) + [control] + Array(#"bbbbbbbbbbbbbbbb"}"#.utf8)
            #expect(throws: VerificationError.self) { try JSONValue.parse(bytes) }
            bytes = Array(#"{"k":""#.utf8) + Array(prefix.utf8)  // unterminated after the prefix
            #expect(throws: VerificationError.self) { try JSONValue.parse(bytes) }
        }
    }
}
