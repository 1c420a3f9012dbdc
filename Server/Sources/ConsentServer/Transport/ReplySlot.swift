internal import CMicroHTTPD
import Synchronization

/// A libmicrohttpd connection that may cross threads: `MHD_resume_connection` is documented
/// as safe from any thread, and it is the only call made with this handle off the event thread.
struct MHDConnectionHandle: @unchecked Sendable {
    let raw: OpaquePointer
}

/// The handoff between a responder's `reply`, which may come on any thread, now or later, and
/// the connection's event thread, which alone may queue the response.
///
/// Both sides take the same lock, so a reply that arrives while the event thread is deciding
/// to suspend either is seen before the suspension or resumes it after: never lost.
final class ReplySlot: Sendable {
    private struct State {
        var response: HTTPResponse?
        var suspended = false
        /// The request completed (answered or abandoned): the connection may be gone.
        var finished = false
    }

    private let state = Mutex(State())
    private let connection: MHDConnectionHandle
    private let parking: ParkedReplies

    init(connection: MHDConnectionHandle, parking: ParkedReplies) {
        self.connection = connection
        self.parking = parking
    }

    /// The responder's `reply`. Only the first call counts; later ones are ignored.
    func deliver(_ response: HTTPResponse) {
        state.withLock { state in
            guard state.response == nil, !state.finished else { return }
            state.response = response
            guard state.suspended else { return }
            state.suspended = false
            parking.remove(self)
            // Under the lock: the connection stays suspended, hence alive, until this call.
            MHD_resume_connection(connection.raw)
        }
    }

    /// On the event thread after `respond` returned: the response if the reply already came,
    /// else suspends the connection and returns nil. While the server is stopping nothing
    /// may suspend, so the answer is then a 503 at once.
    func responseOrSuspend() -> HTTPResponse? {
        state.withLock { state in
            if let response = state.response { return response }
            guard parking.insert(self) else {
                state.response = ConnectionHub.shuttingDown
                return ConnectionHub.shuttingDown
            }
            state.suspended = true
            MHD_suspend_connection(connection.raw)
            return nil
        }
    }

    /// On the event thread after a resume.
    func takeResponse() -> HTTPResponse? {
        state.withLock { $0.response }
    }

    /// From the completion callback: later replies are ignored.
    func finish() {
        state.withLock { $0.finished = true }
    }
}
