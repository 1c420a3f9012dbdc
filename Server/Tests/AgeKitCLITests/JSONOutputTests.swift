import Testing

@testable import AgeKitCLI

@Suite("--json output")
struct JSONOutputTests {
    @Test("one line, keys sorted, slashes kept, a field without a value written as null")
    func line() {
        let cases: [(value: [String: Any], expected: String)] = [
            (["b": 1, "a": "x"], #"{"a":"x","b":1}"#),
            (["payloads": Int?.none as Any, "rows": 2], #"{"payloads":null,"rows":2}"#),
            (["error": String?.some("timeout") as Any], #"{"error":"timeout"}"#),
            (["path": "a/b"], #"{"path":"a/b"}"#),
        ]
        for (value, expected) in cases {
            #expect(JSONOutput.line(value) == expected)
        }
    }

    @Test("a list of objects keeps its order and its nulls")
    func list() {
        let items: [[String: Any]] = [["id": 2, "lastError": String?.none as Any], ["id": 1, "lastError": "refused"]]
        #expect(JSONOutput.line(items) == #"[{"id":2,"lastError":null},{"id":1,"lastError":"refused"}]"#)
    }
}
