import ConsentServer
import Foundation
import ServerTime
import Synchronization

/// The app's backend in `agekit demo`: takes the events the receiver forwards, checks each
/// one's `AgeKit-Signature` as a real backend must (docs/forwarding.md), and keeps them.
final class DemoBackend: HTTPResponder {
    /// One event as it arrived.
    struct Event: Sendable {
        var body: String
        var signatureValid: Bool
    }

    static let path = "/agekit-events"
    let secret: String
    private let events = Mutex<[Event]>([])

    init(secret: String) { self.secret = secret }

    func respond(to request: HTTPRequest, reply: @escaping @Sendable (HTTPResponse) -> Void) {
        guard request.method == "POST", request.path == Self.path else { return reply(HTTPResponse(status: 404)) }
        // Header names arrive in any case; HTTPRequest keeps them lowercased.
        let timestamp = Int64(request.headers[EventSignature.timestampHeader.lowercased()] ?? "") ?? 0
        let valid = EventSignature.isValid(
            request.headers[EventSignature.signatureHeader.lowercased()] ?? "", secret: secret,
            timestamp: timestamp, body: request.body)
        events.withLock { $0.append(Event(body: String(decoding: request.body, as: UTF8.self), signatureValid: valid)) }
        reply(HTTPResponse(status: valid ? 200 : 401))
    }

    /// The first event received within `seconds`, or nil.
    func firstEvent(within seconds: Double) async -> Event? {
        let clock = SystemClock()
        let deadline = clock.monotonic() + seconds
        while clock.monotonic() < deadline {
            if let event = events.withLock({ $0.first }) { return event }
            await clock.sleep(seconds: 0.05)
        }
        return events.withLock { $0.first }
    }
}
