/// How the HTTP server listens and what it refuses. Every limit protects the process from a
/// client: the body and header limits from memory exhaustion, the idle timeout and the
/// connection limit from slow or numerous clients holding sockets.
package struct HTTPServerConfiguration: Sendable {
    /// An IPv4 or IPv6 literal, or `localhost` (127.0.0.1). Names are not resolved.
    package var host: String
    /// 0 picks a free port; `HTTPServer.port` tells which.
    package var port: UInt16
    /// Event-loop threads (epoll); above 1 they form a pool sharing the listening socket.
    package var threads: Int
    /// Larger bodies get 413 with the code `body_too_large`.
    package var maxBodyBytes: Int
    /// Per-connection buffer for the request line and headers; larger headers get 431.
    package var memoryPerConnectionBytes: Int
    /// Open connections at most (split evenly across the threads); further clients wait in
    /// the listen backlog until one closes.
    package var maxConnections: Int
    /// A connection silent for this long is closed; 0 disables the timeout.
    package var idleTimeoutSeconds: Int
    /// The whole request head (request line and headers) must arrive within this many
    /// seconds of the connection's start or of the previous response; 0: no deadline.
    package var requestHeadTimeoutSeconds: Int
    /// After the head, the body must arrive at least this fast (with the head's deadline as
    /// grace); 0: no minimum.
    package var minBodyBytesPerSecond: Int
    /// Open connections from one IP address at most (further ones are refused at once);
    /// 0: no limit. Behind a reverse proxy every connection comes from the proxy.
    package var maxConnectionsPerAddress: Int
    /// Client addresses accepted; others are closed at accept time.
    package var allowedSources: SourcePolicy = .any
    /// Serve HTTPS (TLS 1.2 and 1.3 only) with this certificate and key.
    package var tls: TLSFiles?
    /// A socket already bound to `host:port`: the server listens on it instead of binding.
    package var listeningSocket: ListeningSocket?

    package init(
        host: String = "127.0.0.1", port: UInt16 = 8080, threads: Int = 2, maxBodyBytes: Int = 256 * 1024,
        memoryPerConnectionBytes: Int = 64 * 1024, maxConnections: Int = 1024, idleTimeoutSeconds: Int = 10,
        requestHeadTimeoutSeconds: Int = 0, minBodyBytesPerSecond: Int = 0, maxConnectionsPerAddress: Int = 0,
        tls: TLSFiles? = nil
    ) {
        self.host = host
        self.port = port
        self.threads = threads
        self.maxBodyBytes = maxBodyBytes
        self.memoryPerConnectionBytes = memoryPerConnectionBytes
        self.maxConnections = maxConnections
        self.idleTimeoutSeconds = idleTimeoutSeconds
        self.requestHeadTimeoutSeconds = requestHeadTimeoutSeconds
        self.minBodyBytesPerSecond = minBodyBytesPerSecond
        self.maxConnectionsPerAddress = maxConnectionsPerAddress
        self.tls = tls
    }
}

extension HTTPServerConfiguration {
    /// The first out-of-range field, named, or nil when every field is usable.
    func validationError() -> ServerError? {
        func invalid(_ field: String, _ reason: String) -> ServerError {
            ServerError(.invalidConfiguration, "\(field) \(reason)")
        }
        if threads < 1 || threads > 256 { return invalid("threads", "must be between 1 and 256, got \(threads)") }
        if maxBodyBytes < 0 { return invalid("maxBodyBytes", "must not be negative, got \(maxBodyBytes)") }
        if memoryPerConnectionBytes < 4096 {
            return invalid("memoryPerConnectionBytes", "must be at least 4096, got \(memoryPerConnectionBytes)")
        }
        if maxConnections < 1 || maxConnections > 1_000_000 {
            return invalid("maxConnections", "must be between 1 and 1000000, got \(maxConnections)")
        }
        if maxConnections < threads {
            return invalid("maxConnections", "must be at least threads (\(threads)), got \(maxConnections)")
        }
        if idleTimeoutSeconds < 0 || idleTimeoutSeconds > 86_400 {
            return invalid("idleTimeoutSeconds", "must be between 0 and 86400, got \(idleTimeoutSeconds)")
        }
        if requestHeadTimeoutSeconds < 0 || requestHeadTimeoutSeconds > 3_600 {
            return invalid(
                "requestHeadTimeoutSeconds", "must be between 0 and 3600, got \(requestHeadTimeoutSeconds)")
        }
        if minBodyBytesPerSecond < 0 { return invalid("minBodyBytesPerSecond", "must not be negative") }
        if maxConnectionsPerAddress < 0 || maxConnectionsPerAddress > maxConnections {
            return invalid(
                "maxConnectionsPerAddress", "must be between 0 and maxConnections, got \(maxConnectionsPerAddress)")
        }
        return nil
    }
}
