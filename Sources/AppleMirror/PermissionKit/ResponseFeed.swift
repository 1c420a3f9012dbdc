import AppleMirrorSystem
import Foundation

/// Delivers guardian responses to every `AskCenter.responses(for:)` sequence of one topic, as
/// the system does at any time, whether or not the app is asking.
@available(iOS 26.0, macCatalyst 26.0, macOS 26.0, visionOS 26.0, *)
package final class ResponseFeed<Topic: QuestionTopic>: @unchecked Sendable {
    private let lock = NSLock()
    private var continuations: [AsyncStream<PermissionResponse<Topic>>.Continuation] = []
    private let registered = MirrorTally()

    package init() {}

    /// How many sequences were registered.
    package var registrations: Int { lock.withLock { continuations.count } }

    /// Returns once `count` sequences were registered (a listener started).
    package func waitForRegistrations(_ count: Int) async { await registered.wait(for: count) }

    func makeStream() -> AsyncStream<PermissionResponse<Topic>> {
        let (stream, continuation) = AsyncStream.makeStream(of: PermissionResponse<Topic>.self)
        lock.withLock { continuations.append(continuation) }
        registered.add()
        return stream
    }

    /// A guardian answers `question` with `choice`.
    package func deliver(_ question: PermissionQuestion<Topic>, choice: PermissionChoice) {
        for listener in lock.withLock({ continuations }) {
            listener.yield(PermissionResponse(choice: choice, question: question))
        }
    }
}
