import Foundation

/// One HTTP exchange, as the client needs it. The network sits behind ``APITransport`` so
/// tests can answer without sockets; the server's HTTP client is the real one.
package struct APIHTTPRequest: Sendable {
    package var method: String
    package var url: URL
    package var headers: [String: String]
    package var body: Data?
}

package struct APIHTTPResponse: Sendable {
    package var status: Int
    /// Header names lowercased.
    package var headers: [String: String]
    package var body: Data

    package init(status: Int, headers: [String: String], body: Data) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}

package protocol APITransport: Sendable {
    /// Throws only when no HTTP answer came (the client reports it as `network`).
    func send(_ request: APIHTTPRequest, timeout: TimeInterval) async throws -> APIHTTPResponse
}
