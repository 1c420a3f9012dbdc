/// One HTTP response. The transport adds `Content-Length` and `Date` itself.
public struct HTTPResponse: Sendable {
    public var status: Int
    /// Header fields in the order they are sent; names may repeat.
    public var headers: [(name: String, value: String)]
    public var body: [UInt8]

    public init(status: Int, headers: [(name: String, value: String)] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}

extension HTTPResponse {
    /// A JSON error in the shape every AgeKit endpoint uses: `{"error":{"code":...,"message":...}}`.
    public static func jsonError(status: Int, code: String, message: String) -> HTTPResponse {
        let json = #"{"error":{"code":"# + jsonString(code) + #","message":"# + jsonString(message) + "}}"
        return HTTPResponse(
            status: status, headers: [(name: "Content-Type", value: "application/json")], body: Array(json.utf8))
    }

    /// A JSON string literal for `text`, escaped per RFC 8259.
    private static func jsonString(_ text: String) -> String {
        var out = ""
        JSONObjectWriter.appendQuoted(text, to: &out)
        return out
    }
}
