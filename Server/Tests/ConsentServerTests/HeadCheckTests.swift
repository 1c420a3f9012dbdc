import Testing

@testable import ConsentServer

@Suite("The head check: what a strict HTTP/1.1 client never sends")
struct HeadCheckTests {
    struct Row: Sendable, CustomTestStringConvertible {
        let name: String
        let fields: [(String, String)]
        let version: String
        let refused: Bool
        var testDescription: String { name }
    }

    @Test(
        "a head is refused for a name that is no token, a NUL, CR or LF in a value, or Host not exactly once in 1.1",
        arguments: [
            Row(
                name: "a clean head", fields: [("Host", "a"), ("Content-Length", "2")], version: "HTTP/1.1",
                refused: false),
            Row(
                name: "a space before the colon", fields: [("Host", "a"), ("Content-Length ", "2")],
                version: "HTTP/1.1", refused: true),
            Row(name: "a tab in a name", fields: [("Host", "a"), ("X\tY", "z")], version: "HTTP/1.1", refused: true),
            Row(name: "an empty name", fields: [("Host", "a"), ("", "z")], version: "HTTP/1.1", refused: true),
            Row(
                name: "a CR in a value", fields: [("Host", "a"), ("X", "a\rContent-Length: 2")], version: "HTTP/1.1",
                refused: true),
            Row(
                name: "a NUL in a value", fields: [("Host", "a"), ("X", "a\u{0}b")], version: "HTTP/1.1", refused: true),
            Row(name: "no Host in 1.1", fields: [("Content-Length", "2")], version: "HTTP/1.1", refused: true),
            Row(name: "no Host in 1.0", fields: [("Content-Length", "2")], version: "HTTP/1.0", refused: false),
            Row(name: "two Hosts", fields: [("Host", "a"), ("host", "b")], version: "HTTP/1.1", refused: true),
            Row(
                name: "token punctuation", fields: [("Host", "a"), ("X-A_b.c~!#$%&'*+^`|", "1")], version: "HTTP/1.1",
                refused: false),
        ])
    func rows(_ row: Row) {
        var check = HeadCheck()
        for (name, value) in row.fields {
            Array(name.utf8).withUnsafeBytes { name in
                Array(value.utf8).withUnsafeBytes { value in check.field(name: name, value: value) }
            }
        }
        #expect((check.refusal(version: row.version) != nil) == row.refused)
        #expect(check.refusal(version: row.version).map(\.code) ?? "malformed_head" == "malformed_head")
    }

    @Test("a field the transport reports as cut, or a cut request line, refuses the head")
    func cuts() {
        var line = HeadCheck()
        line.urlCut()
        #expect(line.refusal(version: "HTTP/1.1")?.code == "malformed_head")
        var field = HeadCheck()
        Array("Authorization".utf8).withUnsafeBytes { name in
            Array("Bearer t".utf8).withUnsafeBytes { value in field.field(name: name, value: value, whole: false) }
        }
        #expect(field.refusal(version: "HTTP/1.0") != nil)
    }
}
