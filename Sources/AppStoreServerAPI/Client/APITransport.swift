import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One HTTP exchange, as the client needs it. The network sits behind ``APITransport`` so
/// tests can answer without sockets; ``URLSessionTransport`` is the real one.
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

/// HTTPS through `URLSession` (FoundationNetworking on Linux).
package struct URLSessionTransport: APITransport {
    package init() {}

    package func send(_ request: APIHTTPRequest, timeout: TimeInterval) async throws -> APIHTTPResponse {
        var urlRequest = URLRequest(
            url: request.url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        urlRequest.httpMethod = request.method
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        urlRequest.httpBody = request.body
        let finalRequest = urlRequest
        let box = TaskBox()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let task = URLSession.shared.dataTask(with: finalRequest) { data, response, error in
                    if let error {
                        continuation.resume(throwing: error)
                        return
                    }
                    guard let http = response as? HTTPURLResponse else {
                        continuation.resume(throwing: URLError(.badServerResponse))
                        return
                    }
                    var headers: [String: String] = [:]
                    for (name, value) in http.allHeaderFields {
                        if let name = name as? String, let value = value as? String {
                            headers[name.lowercased()] = value
                        }
                    }
                    continuation.resume(
                        returning: APIHTTPResponse(status: http.statusCode, headers: headers, body: data ?? Data()))
                }
                box.set(task)
                task.resume()
            }
        } onCancel: {
            box.cancel()
        }
    }
}

/// The data task of one exchange, so a cancelled caller cancels it (it then fails at once).
private final class TaskBox: Sendable {
    private let state = Mutex<(task: URLSessionDataTask?, cancelled: Bool)>((nil, false))

    func set(_ task: URLSessionDataTask) {
        let cancelled = state.withLock { state in
            state.task = task
            return state.cancelled
        }
        if cancelled { task.cancel() }
    }

    func cancel() {
        let task = state.withLock { state in
            state.cancelled = true
            return state.task
        }
        task?.cancel()
    }
}
