import Synchronization

/// The HTTP/1.1 server of `agekit serve`: libmicrohttpd's epoll event threads read requests
/// within the configured limits and hand complete ones to an `HTTPResponder`.
///
/// Handlers never see the transport, so the same responder runs in-process in tests and
/// behind a real socket here.
package final class HTTPServer: Sendable {
    private enum Phase {
        case idle
        case running(MHDDaemon)
        case stopping
        case stopped
    }

    package let configuration: HTTPServerConfiguration
    private let responder: any HTTPResponder
    private let phase = Mutex(Phase.idle)
    private let boundPort = Atomic<UInt16>(0)
    /// The running daemon's hub, kept through the drain so its count stays readable.
    private let hub = Mutex<ConnectionHub?>(nil)

    package init(configuration: HTTPServerConfiguration, responder: any HTTPResponder) {
        self.configuration = configuration
        self.responder = responder
    }

    /// Binds and starts serving. Throws with a code naming what is wrong: the address, the
    /// port (in use), the configuration or the TLS material. A server starts at most once.
    package func start() throws(ServerError) {
        if let error = configuration.validationError() { throw error }
        if let tls = configuration.tls {
            guard MHDDaemon.tlsSupported else {
                throw ServerError(
                    .tlsUnavailable, "this libmicrohttpd was built without TLS support")
            }
            if let error = tls.validationError() { throw error }
        }
        let address = try ListenAddress(host: configuration.host, port: configuration.port)
        try phase.withLock { (phase) throws(ServerError) in
            guard case .idle = phase else {
                throw ServerError(.alreadyStarted, "this server was already started")
            }
            let watch = ConnectionWatch(
                headSeconds: Double(configuration.requestHeadTimeoutSeconds),
                minBodyBytesPerSecond: configuration.minBodyBytesPerSecond, maxBodyBytes: configuration.maxBodyBytes,
                capacity: configuration.maxConnections,
                expired: { [responder] code in responder.transportRefused(RefusedRequest(code: code)) })
            let hub = ConnectionHub(
                responder: responder, maxBodyBytes: configuration.maxBodyBytes, watch: watch,
                sources: configuration.allowedSources,
                maxConnectionsPerAddress: configuration.maxConnectionsPerAddress)
            let daemon = try MHDDaemon.start(configuration: configuration, address: address, hub: hub)
            self.hub.withLock { $0 = hub }
            boundPort.store(daemon.port, ordering: .releasing)
            phase = .running(daemon)
        }
    }

    /// Requests whose head was accepted and that are not answered yet, a body still arriving
    /// included (the request that reads it too); 0 before start.
    package var requestsInFlight: Int {
        hub.withLock { $0?.inFlight.load(ordering: .relaxed) ?? 0 }
    }

    /// True from the moment a stop begins: a request whose head arrives now is answered 503.
    package var isDraining: Bool {
        hub.withLock { $0?.draining.load(ordering: .sequentiallyConsistent) ?? false }
    }

    /// The bound port once started (the chosen one when configured with 0), else 0.
    package var port: UInt16 { boundPort.load(ordering: .acquiring) }

    /// Graceful stop: stop accepting connections, wait until in-flight requests have been
    /// answered (at most `drainTimeoutSeconds`; replies still missing then get 503), then
    /// close every connection. Idempotent: a second call returns at once.
    package func stop(drainTimeoutSeconds: Double = 10) {
        let daemon = phase.withLock { phase -> MHDDaemon? in
            guard case .running(let daemon) = phase else { return nil }
            phase = .stopping
            return daemon
        }
        guard let daemon else { return }
        daemon.stop(drainTimeoutSeconds: drainTimeoutSeconds)
        phase.withLock { $0 = .stopped }
    }
}
