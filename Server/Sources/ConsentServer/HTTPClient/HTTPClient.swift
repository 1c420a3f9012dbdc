import Foundation
import Synchronization

/// One request to another server: the forwarding backend, Apple's App Store Server API, or
/// the receiver that `agekit simulate` and the demo post to.
package struct HTTPClientRequest: Sendable {
    package var method: String
    package var url: URL
    package var headers: [String: String]
    package var body: [UInt8]
    /// For the whole exchange: connecting, the TLS handshake, sending and the last byte read.
    package var timeoutSeconds: Double

    package init(
        _ method: String, _ url: URL, headers: [String: String] = [:], body: [UInt8] = [], timeoutSeconds: Double = 30
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeoutSeconds = timeoutSeconds
    }
}

/// A whole answer.
package struct HTTPClientResponse: Sendable, Equatable {
    package var status: Int
    /// Field names lowercased; a repeated field keeps its last value.
    package var headers: [String: String]
    package var body: [UInt8]

    package init(status: Int, headers: [String: String] = [:], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}

/// The server side's one way to another server, so tests can answer without sockets.
///
/// Blocking, on the caller's thread: the forwarder has threads of its own, and async callers
/// use ``send(detached:)``. An answer is an answer whatever its status: redirects are never
/// followed, a 3xx is returned like a 500.
package protocol HTTPClient: Sendable {
    /// Throws ``ServerError`` with the code `no_answer` when no whole HTTP answer came.
    func send(_ request: HTTPClientRequest) throws(ServerError) -> HTTPClientResponse
}

extension HTTPClient {
    /// `send` on a thread of its own, so that a blocked read never holds one of the few
    /// threads Swift concurrency runs tasks on. A cancelled caller is answered at once; the
    /// abandoned exchange ends by its own deadline.
    package func send(detached request: HTTPClientRequest) async throws(ServerError) -> HTTPClientResponse {
        let answer = OneAnswer()
        let outcome = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                answer.wait(with: continuation)
                let thread = Thread {
                    do throws(ServerError) {
                        answer.give(.success(try send(request)))
                    } catch {
                        answer.give(.failure(error))
                    }
                }
                thread.name = "agekit-http"
                thread.start()
            }
        } onCancel: {
            answer.give(.failure(ServerError(.noAnswer, "cancelled")))
        }
        return try outcome.get()
    }
}

/// The first outcome of a detached exchange, handed to its waiting caller exactly once.
private final class OneAnswer: Sendable {
    typealias Outcome = Result<HTTPClientResponse, ServerError>
    private let state = Mutex<(waiting: CheckedContinuation<Outcome, Never>?, early: Outcome?, given: Bool)>(
        (nil, nil, false))

    func wait(with continuation: CheckedContinuation<Outcome, Never>) {
        let early = state.withLock { state -> Outcome? in
            if let early = state.early { return early }
            state.waiting = continuation
            return nil
        }
        if let early { continuation.resume(returning: early) }
    }

    func give(_ outcome: Outcome) {
        let waiting = state.withLock { state -> CheckedContinuation<Outcome, Never>? in
            guard !state.given else { return nil }
            state.given = true
            guard let waiting = state.waiting else {
                state.early = outcome
                return nil
            }
            state.waiting = nil
            return waiting
        }
        waiting?.resume(returning: outcome)
    }
}
