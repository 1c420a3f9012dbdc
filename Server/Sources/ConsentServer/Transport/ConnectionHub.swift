import ServerTime
import Synchronization

/// What every connection of one running server shares: the responder, the body limit, the
/// count of requests in flight and the replies parked while their connection is suspended.
/// Graceful stop reads the count and, past its deadline, answers the parked replies.
final class ConnectionHub: Sendable {
    let responder: any HTTPResponder
    let maxBodyBytes: Int
    /// Requests whose head was accepted and that are not yet completed (answered or
    /// abandoned), a body still arriving included.
    let inFlight = Atomic<Int>(0)
    /// Set when stopping: a request whose head arrives from then on is answered 503 at once,
    /// and every response carries `Connection: close` so keep-alive clients leave.
    let draining = Atomic<Bool>(false)
    let parked = ParkedReplies()
    /// The request head deadline and the minimum body rate.
    let watch: ConnectionWatch
    let sources: SourcePolicy
    /// The per-address limit when trusted proxies are configured (libmicrohttpd keeps it
    /// otherwise).
    let slots: AddressSlots?
    /// What graceful stop's deadline is measured on.
    let clock: any ServerClock

    init(
        responder: any HTTPResponder, maxBodyBytes: Int, watch: ConnectionWatch? = nil, sources: SourcePolicy = .any,
        maxConnectionsPerAddress: Int = 0, clock: any ServerClock = SystemClock()
    ) {
        self.responder = responder
        self.clock = clock
        self.sources = sources
        slots =
            sources.hasTrustedProxies && maxConnectionsPerAddress > 0
            ? AddressSlots(limit: maxConnectionsPerAddress) : nil
        self.maxBodyBytes = maxBodyBytes
        self.watch = watch ?? ConnectionWatch(headSeconds: 0, minBodyBytesPerSecond: 0, maxBodyBytes: maxBodyBytes)
    }

    /// Polls until no request is in flight or `timeout` has passed; true when idle.
    func waitUntilIdle(timeout: Duration) -> Bool {
        let (seconds, attoseconds) = timeout.components
        let deadline = clock.monotonic() + Double(seconds) + Double(attoseconds) / 1e18
        while inFlight.load(ordering: .sequentiallyConsistent) > 0 {
            if clock.monotonic() >= deadline { return false }
            Platform.pause(microseconds: 2_000)
        }
        return true
    }

    static let shuttingDown = Reply.refusal(ServerError(.shuttingDown, "the server is shutting down; retry later"))
        .response

    static func bodyTooLarge(limit: Int) -> TransportRefusal {
        TransportRefusal(ServerError(.bodyTooLarge, "the request body exceeds the limit of \(limit) bytes"))
    }

    static func tooManyConnections(limit: Int) -> TransportRefusal {
        TransportRefusal(
            ServerError(
                .tooManyConnections,
                "the forwarded client already has \(limit) requests in flight (http.maxConnectionsPerAddress)"),
            close: true)
    }

    /// Tells the responder of a refusal of the transport's own (its log and metrics).
    func refused(_ refused: RefusedRequest) { responder.transportRefused(refused) }
}
