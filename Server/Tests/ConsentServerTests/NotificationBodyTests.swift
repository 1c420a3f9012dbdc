import Testing

@testable import ConsentServer

@Suite("The notification body: Apple's one shape, read in one pass")
struct NotificationBodyTests {
    struct Row: Sendable, CustomTestStringConvertible {
        let body: String
        /// The JWS, or nil when refused.
        let payload: String?
        /// The refusal's code, or nil when read.
        let code: String?
        var testDescription: String { String(body.prefix(60)) }

        init(_ body: String, _ payload: String) {
            (self.body, self.payload, self.code) = (body, payload, nil)
        }

        init(_ body: String, refused code: String) {
            (self.body, self.payload, self.code) = (body, nil, code)
        }
    }

    @Test(
        "only {\"signedPayload\": \"<JWS>\"} is read; every other shape is refused with its code",
        arguments: [
            Row(#"{"signedPayload":"a.b.c"}"#, "a.b.c"),
            Row(" \n{ \"signedPayload\" :\t\"a.b.c\" }\r\n", "a.b.c"),
            Row(#"{"signedPayload":"a\/b\u002ec"}"#, "a/b.c"),
            Row(#"{"signed\u0050ayload":"a.b.c"}"#, "a.b.c"),
            Row(#"{"signedPayload":"\ud83d\ude00"}"#, "\u{1F600}"),
            Row(#"{"signedPayload":"a.b.c","x":[[[[1]]]]}"#, refused: "unexpected_field"),
            Row(#"{"x":1,"signedPayload":"a.b.c"}"#, refused: "unexpected_field"),
            Row(#"{"signedPayload":"a","signedPayload":"b"}"#, refused: "duplicate_field"),
            Row(#"{"signedPayload":7}"#, refused: "malformed_body"),
            Row(#"{"signedPayload":["a.b.c"]}"#, refused: "malformed_body"),
            Row(#"{"signedPayload":""}"#, refused: "malformed_body"),
            Row("{}", refused: "malformed_body"),
            Row("[]", refused: "malformed_body"),
            Row("", refused: "malformed_body"),
            Row(#"{"signedPayload":"a.b.c""#, refused: "malformed_body"),
            Row(#"{"signedPayload":"a.b.c"}x"#, refused: "malformed_body"),
            Row(#"{"signedPayload":"a.b.c",}"#, refused: "malformed_body"),
            Row(#"{"signedPayload":"a\qb"}"#, refused: "malformed_body"),
            Row(#"{"signedPayload":"\ud83d"}"#, refused: "malformed_body"),
            Row("{\"signedPayload\":\"a\u{01}b\"}", refused: "malformed_body"),
            Row(#"{signedPayload:"a.b.c"}"#, refused: "malformed_body"),
        ])
    func shapes(_ row: Row) {
        let result = NotificationBody.signedPayload(in: Array(row.body.utf8))
        switch result {
        case .success(let payload):
            #expect(Array(payload) == row.payload.map { Array($0.utf8) }, "read, expected \(row.code ?? "")")
        case .failure(let refusal): #expect(refusal.code.rawValue == row.code, "\(refusal.reason)")
        }
    }

    @Test("a refusal comes where the scan meets it: an unknown key is refused before its value is read")
    func refusedAtTheKey() {
        // The value after "x" is not even JSON: the scan never reaches it.
        let body = Array(#"{"signedPayload":"a.b.c","x":"#.utf8) + Array(repeating: UInt8(ascii: "["), count: 100_000)
        guard case .failure(let refusal) = NotificationBody.signedPayload(in: body) else {
            Issue.record("accepted")
            return
        }
        #expect(refusal.code == .unexpectedField)
    }

    @Test(
        "a body's first bytes refuse it only when the refusal cannot depend on the rest",
        arguments: [
            ("", nil), (#"{"signedPayload":"abc"#, nil), (#"{"signedPayload":"a.b.c""#, nil),
            (#"{"signedPayload":"a.b.c"}"#, nil), (#"{"signedPayload":"a.b.c","x":["#, "unexpected_field"),
            ("[", "malformed_body"), (#"{"signedPayload":"a","signedPayload":"#, "duplicate_field"),
            (#"{"signedPayload":1"#, "malformed_body"),
        ] as [(String, String?)])
    func prefixRefusal(prefix: String, code: String?) {
        #expect(NotificationBody.refusal(ofPrefix: Array(prefix.utf8))?.code.rawValue == code, "\(prefix)")
    }
}
