import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A socket bound and listening before the server is built around it, so that `serve` learns
/// the address is taken before it writes a database, a token or a CA. The one owner of the
/// descriptor until libmicrohttpd takes it (``handOver()``), which then closes it when it stops.
public final class ListeningSocket: Sendable {
    private let descriptor: Mutex<Int32>
    /// The bound port (the chosen one when asked for 0).
    public let port: UInt16
    let isIPv6: Bool

    /// The backlog is libmicrohttpd's own default, the system's maximum.
    public init(host: String, port: UInt16, backlog: Int32 = SOMAXCONN) throws(ServerError) {
        let address = try ListenAddress(host: host, port: port)
        let place = ListenAddress.display(host: host, port: port)
        isIPv6 = address.isIPv6
        #if canImport(Glibc)
            let stream = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        #else
            let stream = SOCK_STREAM
        #endif
        let listener = socket(isIPv6 ? AF_INET6 : AF_INET, stream, 0)
        guard listener >= 0 else {
            throw ServerError.bindFailed(place, Self.reason(errno))
        }
        var on: Int32 = 1
        _ = setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
        if isIPv6 {
            _ = setsockopt(listener, Int32(IPPROTO_IPV6), IPV6_V6ONLY, &on, socklen_t(MemoryLayout<Int32>.size))
        }
        let length = socklen_t(isIPv6 ? MemoryLayout<sockaddr_in6>.size : MemoryLayout<sockaddr_in>.size)
        let bound = address.withSocketAddress { bind(listener, $0.assumingMemoryBound(to: sockaddr.self), length) }
        guard bound == 0, listen(listener, backlog) == 0 else {
            let code = errno
            close(listener)
            throw Self.bindError(code, place: place)
        }
        // libmicrohttpd's event threads race to accept: a blocking accept would hold the loser.
        _ = fcntl(listener, F_SETFL, fcntl(listener, F_GETFL) | O_NONBLOCK)
        var storage = sockaddr_in6()
        var size = socklen_t(MemoryLayout<sockaddr_in6>.size)
        let named = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &size) }
        }
        // sin_port and sin6_port sit at the same offset.
        self.port = named == 0 ? UInt16(bigEndian: storage.sin6_port) : port
        descriptor = Mutex(listener)
    }

    deinit {
        let socket = descriptor.withLock { $0 }
        if socket >= 0 { close(socket) }
    }

    /// The descriptor, given up: whoever takes it closes it.
    func handOver() -> Int32 {
        descriptor.withLock { socket in
            defer { socket = -1 }
            return socket
        }
    }

    static func bindError(_ code: Int32, place: String) -> ServerError {
        switch code {
        case EADDRINUSE:
            .bindFailed(place, "the address is in use")
        case EACCES, EPERM:
            .bindFailed(place, "permission denied")
        case EADDRNOTAVAIL:
            .bindFailed(place, "the address is not on this machine")
        default:
            .bindFailed(place, reason(code))
        }
    }

    private static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }
}
