import ConsentServer
import Testing

@Suite("Strict JSON: duplicate keys, trailing commas, and every fault with its line and column")
struct StrictJSONTests {
    struct Refused: Sendable, CustomTestStringConvertible {
        let rule: String
        let json: String
        let line: Int
        let column: Int
        let mentions: String
        var testDescription: String { rule }
    }

    @Test(
        "a document against a rule is refused where the rule is broken",
        arguments: [
            Refused(
                rule: "a duplicate key", json: "{\"a\": 1,\n \"a\": 2}", line: 2, column: 2,
                mentions: "duplicate key \"a\" (first at line 1, column 2)"),
            Refused(
                rule: "a duplicate key spelt with an escape", json: #"{"ab": 1, "a\u0062": 2}"#, line: 1, column: 11,
                mentions: "duplicate key \"ab\""),
            Refused(
                rule: "a duplicate key in a nested object", json: "{\"x\": [{\"k\": 1, \"k\": 2}]}", line: 1,
                column: 17, mentions: "duplicate key"),
            Refused(
                rule: "a number beyond a double's range, as Foundation refuses it",
                json: "{\"appAppleId\": 12345e7890}",
                line: 1, column: 16, mentions: "the number 12345e7890 is beyond a double's range"),
            Refused(
                rule: "a negative number beyond a double's range", json: "[1, -1e400]", line: 1, column: 5,
                mentions: "beyond a double's range"),
            Refused(
                rule: "a trailing comma in an object", json: "{\"a\": 1,\n}", line: 2, column: 1,
                mentions: "trailing comma"),
            Refused(
                rule: "a trailing comma in a list", json: "{\"a\": [1, 2,]}", line: 1, column: 13,
                mentions: "trailing comma"),
            Refused(
                rule: "a missing comma", json: "{\"a\": 1 \"b\": 2}", line: 1, column: 9,
                mentions: "expected ',' or '}'"),
            Refused(rule: "an unterminated object", json: "{\"a\": 1", line: 1, column: 8, mentions: "end of input"),
            Refused(rule: "a key without quotes", json: "{a: 1}", line: 1, column: 2, mentions: "key in quotes"),
            Refused(
                rule: "a single-quoted string", json: "{\"a\": 'x'}", line: 1, column: 7, mentions: "expected a value"),
            Refused(rule: "a leading zero", json: "[01]", line: 1, column: 3, mentions: "may not start with 0"),
            Refused(rule: "a bare decimal point", json: "[1.]", line: 1, column: 4, mentions: "expected a digit"),
            Refused(
                rule: "a control character in a string", json: "[\"a\tb\"]", line: 1, column: 4,
                mentions: "control character 0x09"),
            Refused(rule: "an unknown escape", json: #"["\x"]"#, line: 1, column: 4, mentions: "invalid escape"),
            Refused(rule: "a lone low surrogate", json: #"["\udc00"]"#, line: 1, column: 9, mentions: "low surrogate"),
            Refused(
                rule: "a value after the value", json: "{} {}", line: 1, column: 4, mentions: "after the JSON value"),
            Refused(rule: "an empty document", json: "  ", line: 1, column: 3, mentions: "end of input"),
            Refused(rule: "a misspelt literal", json: "[tru]", line: 1, column: 5, mentions: "expected true"),
            Refused(rule: "a comment", json: "{\"a\": 1 // no\n}", line: 1, column: 9, mentions: "expected ',' or '}'"),
            Refused(
                rule: "columns count characters, not bytes", json: "{\"é\": 1, \"é\": 2}", line: 1, column: 10,
                mentions: "duplicate key \"é\""),
        ])
    func refused(_ refused: Refused) {
        #expect(throws: ServerError.self) { try StrictJSON.check(Array(refused.json.utf8)) }
        do {
            try StrictJSON.check(Array(refused.json.utf8))
        } catch {
            #expect(error.reason.hasPrefix("line \(refused.line), column \(refused.column): "), "\(error)")
            #expect(error.reason.contains(refused.mentions), "\(error)")
            #expect(error.code == (refused.mentions.hasPrefix("duplicate key") ? .duplicateField : .malformedBody))
        }
    }

    @Test(
        "valid documents pass",
        arguments: [
            "{}", "[]", " {\"a\": [1, -2.5e+3, 0, true, false, null, \"x\\n\\u00e9\\ud83d\\ude00\"]} \n",
            "{\"a\": {\"a\": {\"a\": 1}}}", "{\"a\": 1, \"A\": 2}", "[1e308, -1e308, 1e-400]", "\u{FEFF}{}", "\"text\"",
            "0",
        ])
    func accepted(_ json: String) throws {
        try StrictJSON.check(Array(json.utf8))
    }

    @Test("nesting is bounded: one level past the limit is refused, at the limit it passes")
    func boundedDepth() throws {
        let limit = StrictJSON.maxDepth
        try StrictJSON.check(Array((String(repeating: "[", count: limit) + String(repeating: "]", count: limit)).utf8))
        let deep = String(repeating: "[", count: limit + 1) + String(repeating: "]", count: limit + 1)
        do {
            try StrictJSON.check(Array(deep.utf8))
            Issue.record("one level past the limit passed")
        } catch {
            #expect(error.reason == "line 1, column \(limit + 1): nested deeper than \(limit) levels")
        }
        // A hostile depth costs no stack: it stops at the limit.
        #expect(throws: ServerError.self) {
            try StrictJSON.check(Array(String(repeating: "{\"a\":", count: 100_000).utf8))
        }
    }

    @Test("bytes that are not UTF-8 inside a string are refused")
    func notUTF8() {
        #expect(throws: ServerError.self) { try StrictJSON.check([0x5B, 0x22, 0xFF, 0x22, 0x5D]) }
    }
}
