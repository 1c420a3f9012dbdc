import AppStoreServerAPI
import Foundation

/// The App Store Server API client's network: the server's one HTTP client.
package struct HTTPClientTransport: APITransport {
    private let client: any HTTPClient

    package init(client: any HTTPClient = NetworkHTTPClient()) {
        self.client = client
    }

    package func send(_ request: APIHTTPRequest, timeout: TimeInterval) async throws -> APIHTTPResponse {
        let answer = try await client.send(
            detached: HTTPClientRequest(
                request.method, request.url, headers: request.headers, body: request.body.map { [UInt8]($0) } ?? [],
                timeoutSeconds: timeout))
        return APIHTTPResponse(status: answer.status, headers: answer.headers, body: Data(answer.body))
    }
}
