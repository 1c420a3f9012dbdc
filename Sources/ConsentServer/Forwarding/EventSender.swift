import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Posts one event to a backend; returns the HTTP status, or throws with the reason.
package protocol EventSender: Sendable {
    func post(url: URL, headers: [String: String], body: [UInt8], timeoutSeconds: Double) throws -> Int
}

/// The network sender, on URLSession. Blocking: called on the forwarder's own threads.
///
/// Redirects are never followed: URLSession would turn a 301 to 303 into a GET with no body
/// and send the signature headers to the new location, where a 200 would mark the event
/// delivered although the configured backend never received it. A redirect is a failed
/// attempt whose message names the status and the location.
package struct URLSessionEventSender: EventSender {
    package init() {}

    package func post(url: URL, headers: [String: String], body: [UInt8], timeoutSeconds: Double) throws -> Int {
        var request = URLRequest(url: url, timeoutInterval: timeoutSeconds)
        request.httpMethod = "POST"
        request.httpBody = Data(body)
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let attempt = PostAttempt()
        let session = URLSession(configuration: .ephemeral, delegate: attempt, delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        let task = session.dataTask(with: request)
        task.resume()
        if attempt.done.wait(timeout: .now() + timeoutSeconds + 1) == .timedOut {
            task.cancel()
            throw ServerError(.forwardingFailed, "no answer within \(Int(timeoutSeconds)) s")
        }
        return try attempt.outcome().get()
    }
}

/// What one post's session delegate saw: the status, a refused redirect, or a failure.
private final class PostAttempt: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    let done = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var status = 0
    private var redirect: (status: Int, location: String)?
    private var failure: String?

    func outcome() -> Result<Int, ServerError> {
        lock.withLock {
            if let redirect {
                return .failure(
                    ServerError(
                        .forwardingFailed,
                        "HTTP \(redirect.status) redirects to \(redirect.location); redirects are not followed"))
            }
            if let failure { return .failure(ServerError(.forwardingFailed, failure)) }
            return .success(status)
        }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        let location = response.value(forHTTPHeaderField: "Location") ?? request.url?.absoluteString ?? "?"
        lock.withLock { redirect = (response.statusCode, location) }
        completionHandler(nil)
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        lock.withLock {
            self.status = status
            // A 3xx that reaches here was not offered as a redirect (no usable Location):
            // it is still not a delivery, and the forwarder counts only 2xx as one.
        }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        if let error {
            lock.withLock { if redirect == nil { failure = error.localizedDescription } }
        }
        done.signal()
    }
}
