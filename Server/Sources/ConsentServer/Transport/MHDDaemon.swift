internal import CMicroHTTPD
import Synchronization

/// The one owner of a running `MHD_Daemon`, of the hub its callbacks use, and of the TLS
/// strings handed to it. Stopping is once-only; `deinit` stops a daemon nobody stopped.
///
/// `@unchecked Sendable`: the raw pointers are immutable after start, libmicrohttpd's
/// quiesce/stop are called once (guarded by `stopped`), and everything else is in the hub.
final class MHDDaemon: @unchecked Sendable {
    /// TLS 1.2 and 1.3 only: 1.0 and 1.1 are deprecated (RFC 8996) and Apple requires 1.2 or later.
    static let tlsPriorities = "NORMAL:-VERS-ALL:+VERS-TLS1.3:+VERS-TLS1.2"

    private let daemon: OpaquePointer
    private let hub: ConnectionHub
    private let ownedStrings: [UnsafeMutablePointer<CChar>]
    private let stopped = Mutex(false)
    let port: UInt16

    private init(
        daemon: OpaquePointer, hub: ConnectionHub, ownedStrings: [UnsafeMutablePointer<CChar>], boundPort: UInt16?
    ) {
        self.daemon = daemon
        self.hub = hub
        self.ownedStrings = ownedStrings
        let reported = agekit_mhd_bound_port(daemon)
        self.port = reported == 0 ? boundPort ?? 0 : reported
    }

    deinit {
        stop(drainTimeoutSeconds: 0)
        for string in ownedStrings { Platform.release(string) }
    }

    static var tlsSupported: Bool { MHD_is_feature_supported(.FEATURE_TLS) == .YES }

    static func start(
        configuration: HTTPServerConfiguration, address: ListenAddress, hub: ConnectionHub
    )
        throws(ServerError) -> MHDDaemon
    {
        Platform.raiseOpenFileLimit()
        var flags = MHD_USE_EPOLL_INTERNAL_THREAD.rawValue | MHD_ALLOW_SUSPEND_RESUME.rawValue
        if address.isIPv6 { flags |= MHD_USE_IPv6.rawValue }
        var owned: [UnsafeMutablePointer<CChar>] = []
        if let tls = configuration.tls {
            flags |= MHD_USE_TLS.rawValue
            // Ownership: copies freed in deinit, after MHD_stop_daemon.
            owned = [
                Platform.cString(tls.certificatePEM), Platform.cString(tls.keyPEM), Platform.cString(tlsPriorities),
            ]
        }
        let hubPointer = Unmanaged.passUnretained(hub).toOpaque()
        let result = Platform.withSocketAddress(address) { socketAddress, _ in
            var options = baseOptions(configuration, hubPointer: hubPointer)
            if let listening = configuration.listeningSocket {
                // Ownership: libmicrohttpd closes the descriptor when it stops.
                options.append(MHD_OptionItem(option: .LISTEN_SOCKET, value: Int(listening.handOver()), ptr_value: nil))
            } else {
                options.append(MHD_OptionItem(option: .SOCK_ADDR, value: 0, ptr_value: socketAddress))
            }
            if owned.count == 3 {
                options.append(MHD_OptionItem(option: .HTTPS_MEM_CERT, value: 0, ptr_value: owned[0]))
                options.append(MHD_OptionItem(option: .HTTPS_MEM_KEY, value: 0, ptr_value: owned[1]))
                options.append(MHD_OptionItem(option: .HTTPS_PRIORITIES, value: 0, ptr_value: owned[2]))
            }
            options.append(MHD_OptionItem(option: .END, value: 0, ptr_value: nil))
            Platform.lastError = 0
            let daemon = options.withUnsafeMutableBufferPointer { items in
                agekit_mhd_start(
                    flags, configuration.port, mhdAcceptPolicy,
                    hubPointer, mhdAccessHandler, hubPointer, items.baseAddress)
            }
            return (daemon, Platform.lastError)
        }
        guard let daemon = result.0 else {
            for string in owned { Platform.release(string) }
            throw startError(errno: result.1, configuration: configuration)
        }
        hub.watch.start()
        return MHDDaemon(
            daemon: daemon, hub: hub, ownedStrings: owned, boundPort: configuration.listeningSocket?.port)
    }

    private static func baseOptions(
        _ configuration: HTTPServerConfiguration, hubPointer: UnsafeMutableRawPointer
    ) -> [MHD_OptionItem] {
        var options = [
            MHD_OptionItem(
                option: .CONNECTION_MEMORY_LIMIT, value: configuration.memoryPerConnectionBytes, ptr_value: nil),
            // Room above maxConnections where a new connection evicts the one that has waited
            // longest for its head or body (ConnectionWatch), when the watch is on.
            MHD_OptionItem(
                option: .CONNECTION_LIMIT,
                value: configuration.maxConnections
                    + (configuration.requestHeadTimeoutSeconds > 0
                        ? ConnectionWatch.evictionReserve(configuration.maxConnections) : 0),
                ptr_value: nil),
            MHD_OptionItem(option: .CONNECTION_TIMEOUT, value: configuration.idleTimeoutSeconds, ptr_value: nil),
            MHD_OptionItem(
                option: .NOTIFY_COMPLETED, value: unsafeBitCast(mhdRequestCompleted, to: Int.self),
                ptr_value: hubPointer),
            MHD_OptionItem(
                option: .UNESCAPE_CALLBACK, value: unsafeBitCast(keepEscapes, to: Int.self), ptr_value: nil),
            MHD_OptionItem(
                option: .NOTIFY_CONNECTION, value: unsafeBitCast(mhdConnectionNotified, to: Int.self),
                ptr_value: hubPointer),
        ]
        // Behind trusted proxies the limit is counted per client (AddressSlots), not per socket.
        if configuration.maxConnectionsPerAddress > 0 && !configuration.allowedSources.hasTrustedProxies {
            options.append(
                MHD_OptionItem(
                    option: .PER_IP_CONNECTION_LIMIT, value: configuration.maxConnectionsPerAddress, ptr_value: nil))
        }
        // A pool of 0 or 1 makes libmicrohttpd log a warning: one event thread needs no option.
        if configuration.threads > 1 {
            options.append(MHD_OptionItem(option: .THREAD_POOL_SIZE, value: configuration.threads, ptr_value: nil))
        }
        return options
    }

    /// The path and query reach the handlers as sent: they decode each segment once
    /// (`PathSegments`), where libmicrohttpd would decode first and cut at a `%00`.
    private static let keepEscapes: agekit_mhd_unescape_callback = { _, _, text in
        text.map { Platform.length(of: $0) } ?? 0
    }

    /// libmicrohttpd logs nothing in production mode, so the reason comes from errno, which
    /// its failed bind leaves set.
    private static func startError(errno code: Int32, configuration: HTTPServerConfiguration) -> ServerError {
        let place = ListenAddress.display(host: configuration.host, port: configuration.port)
        if Platform.isBindProblem(code) { return .bindFailed(place, Platform.bindProblem(code)) }
        if configuration.tls != nil {
            return ServerError(.tlsInvalid, "cannot start HTTPS on \(place): the TLS certificate or key was refused")
        }
        return ServerError(.startFailed, "cannot start the HTTP server on \(place): \(Platform.describe(error: code))")
    }

    /// Stops taking requests (any whose head arrives from now on is answered 503
    /// `shutting_down`, on a new or a kept-alive connection), lets in-flight requests (a body
    /// still arriving included) finish for up to `drainTimeoutSeconds`, answers the
    /// still-suspended ones with 503 (libmicrohttpd must not stop with suspended
    /// connections), then stops the event threads and closes the listening socket. Only the
    /// first call acts.
    ///
    /// Not `MHD_quiesce_daemon`: with epoll and a thread pool it races the event threads,
    /// which remove the listening socket from their epoll sets too, and libmicrohttpd
    /// aborts the process when it loses that race.
    func stop(drainTimeoutSeconds: Double) {
        let first = stopped.withLock { stopped in
            defer { stopped = true }
            return !stopped
        }
        guard first else { return }
        hub.draining.store(true, ordering: .sequentiallyConsistent)
        let seconds = drainTimeoutSeconds.isFinite ? min(max(0, drainTimeoutSeconds), 86_400) : 0
        let drain = Duration.milliseconds(Int64((seconds * 1000).rounded()))
        let drained = hub.waitUntilIdle(timeout: drain)
        // Always, even when idle: a keep-alive request may have suspended since the count hit
        // zero, and MHD_stop_daemon aborts the process on a connection still suspended.
        hub.parked.closeAll(answering: ConnectionHub.shuttingDown)
        if !drained { _ = hub.waitUntilIdle(timeout: .seconds(1)) }
        hub.watch.stop()
        MHD_stop_daemon(daemon)
    }
}
