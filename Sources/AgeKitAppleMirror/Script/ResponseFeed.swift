import Foundation

/// Delivers guardian responses to every `AskCenter.responses(for:)` sequence of one topic, as
/// the system does at any time, whether or not the app is asking.
package final class ResponseFeed<Topic: QuestionTopic>: @unchecked Sendable {
    private let lock = NSLock()
    private var continuations: [AsyncStream<PermissionResponse<Topic>>.Continuation] = []
    private var _registrations = 0

    package init() {}

    /// How many sequences were registered.
    package var registrations: Int { lock.withLock { _registrations } }

    func makeStream() -> AsyncStream<PermissionResponse<Topic>> {
        let (stream, continuation) = AsyncStream.makeStream(of: PermissionResponse<Topic>.self)
        lock.withLock {
            continuations.append(continuation)
            _registrations += 1
        }
        return stream
    }

    /// A guardian answers `question` with `choice`.
    package func deliver(_ question: PermissionQuestion<Topic>, choice: PermissionChoice) {
        let listeners = lock.withLock { continuations }
        for listener in listeners { listener.yield(PermissionResponse(choice: choice, question: question)) }
    }
}
