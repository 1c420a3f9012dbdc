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
