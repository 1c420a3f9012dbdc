import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Posts one event to a backend; returns the HTTP status, or throws with the reason.
package protocol EventSender: Sendable {
    func post(url: URL, headers: [String: String], body: [UInt8], timeoutSeconds: Double) throws -> Int
}

/// The network sender, on URLSession. Blocking: called on the forwarder's own threads.
package struct URLSessionEventSender: EventSender {
    package init() {}

    package func post(url: URL, headers: [String: String], body: [UInt8], timeoutSeconds: Double) throws -> Int {
        var request = URLRequest(url: url, timeoutInterval: timeoutSeconds)
        request.httpMethod = "POST"
        request.httpBody = Data(body)
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let done = DispatchSemaphore(value: 0)
        let result = LockedBox<Result<Int, any Error>>(.failure(ServerError(.forwardingFailed, "no answer")))
        let task = URLSession.shared.dataTask(with: request) { _, response, error in
            if let error {
                result.set(.failure(ServerError(.forwardingFailed, error.localizedDescription)))
            } else {
                result.set(.success((response as? HTTPURLResponse)?.statusCode ?? 0))
            }
            done.signal()
        }
        task.resume()
        if done.wait(timeout: .now() + timeoutSeconds + 1) == .timedOut {
            task.cancel()
            throw ServerError(.forwardingFailed, "no answer within \(Int(timeoutSeconds)) s")
        }
        return try result.get().get()
    }
}

final class LockedBox<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value
    init(_ value: Value) { self.value = value }
    func set(_ newValue: Value) { lock.withLock { value = newValue } }
    func get() -> Value { lock.withLock { value } }
}
