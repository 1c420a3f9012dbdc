/// One HTTP response. The transport adds `Content-Length` and `Date` itself.
package struct HTTPResponse: Sendable {
    package var status: Int
    /// Header fields in the order they are sent; names may repeat.
    package var headers: [(name: String, value: String)]
    package var body: [UInt8]

    package init(status: Int, headers: [(name: String, value: String)] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}

extension HTTPResponse {
    /// A JSON error in the shape every AgeKit endpoint uses: `{"error":{"code":...,"message":...}}`.
    package static func jsonError(status: Int, code: String, message: String) -> HTTPResponse {
        var body: [UInt8] = []
        body.reserveCapacity(code.utf8.count + message.utf8.count + 40)
        body.append(contentsOf: #"{"error":{"code":"#.utf8)
        JSONObjectWriter.appendQuoted(code, to: &body)
        body.append(contentsOf: #","message":"#.utf8)
        JSONObjectWriter.appendQuoted(message, to: &body)
        body.append(contentsOf: "}}".utf8)
        return HTTPResponse(status: status, headers: [(name: "Content-Type", value: "application/json")], body: body)
    }
}
