#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Every call ConsentServer makes to the operating system, and the only file of the module
/// that imports it: the UTC time of log lines, sockets and addresses, signals, process limits.
/// The rules above it (deadlines, sources, forwarded clients) take bytes and times as values
/// and are tested without a socket, a sleep or a signal.
enum Platform {
    // MARK: Time

    /// Suspends the calling thread (a sweeper's or a poller's, never an event thread).
    static func pause(microseconds: UInt32) {
        _ = usleep(microseconds)
    }

    /// The wall clock in UTC, split into its civil parts, for log lines.
    static func utcNow() -> (year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, millisecond: Int) {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        var parts = tm()
        var seconds = now.tv_sec
        gmtime_r(&seconds, &parts)
        return (
            Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1, Int(parts.tm_mday), Int(parts.tm_hour),
            Int(parts.tm_min), Int(parts.tm_sec), now.tv_nsec / 1_000_000
        )
    }

    // MARK: Errors

    /// The calling thread's `errno`, reset before a call whose failure it explains.
    static var lastError: Int32 {
        get { errno }
        set { errno = newValue }
    }

    /// The system's words for an `errno` value.
    static func describe(error code: Int32) -> String { String(cString: strerror(code)) }

    /// True for the `errno` of a send or receive whose wait limit passed.
    static func isWaitLimit(_ code: Int32) -> Bool { code == EAGAIN || code == EWOULDBLOCK }

    /// Why a listener could not be bound, in the words serve prints.
    static func bindProblem(_ code: Int32) -> String {
        switch code {
        case EADDRINUSE: "the address is in use"
        case EACCES, EPERM: "permission denied"
        case EADDRNOTAVAIL: "the address is not on this machine"
        default: describe(error: code)
        }
    }

    /// Whether `code` is a failure to bind (in use, not allowed, not ours) rather than another.
    static func isBindProblem(_ code: Int32) -> Bool {
        [EADDRINUSE, EACCES, EPERM, EADDRNOTAVAIL].contains(code)
    }

    // MARK: Addresses

    /// The bytes of an IP address literal: 4 for IPv4, 16 for IPv6; nil for anything else
    /// (no name resolution).
    static func addressBytes(_ literal: String) -> [UInt8]? {
        var v4 = in_addr()
        var v6 = in6_addr()
        if inet_pton(AF_INET, literal, &v4) == 1 { return withUnsafeBytes(of: v4) { Array($0) } }
        if inet_pton(AF_INET6, literal, &v6) == 1 { return withUnsafeBytes(of: v6) { Array($0) } }
        return nil
    }

    /// The address bytes of a `sockaddr_in` or `sockaddr_in6` (16 bytes for IPv6, mapped or
    /// not); nil for another family.
    static func addressBytes(of address: UnsafePointer<sockaddr>) -> [UInt8]? {
        switch Int32(address.pointee.sa_family) {
        case AF_INET:
            return address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { pointer in
                withUnsafeBytes(of: pointer.pointee.sin_addr) { Array($0) }
            }
        case AF_INET6:
            return address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { pointer in
                withUnsafeBytes(of: pointer.pointee.sin6_addr) { Array($0) }
            }
        default:
            return nil
        }
    }

    /// Calls `body` with a `sockaddr_in` or `sockaddr_in6` for `address` and its length,
    /// valid only during the call.
    static func withSocketAddress<R>(_ address: ListenAddress, _ body: (UnsafeMutableRawPointer, Int) -> R) -> R {
        if address.isIPv6 {
            var socketAddress = sockaddr_in6()
            socketAddress.sin6_family = sa_family_t(AF_INET6)
            socketAddress.sin6_port = address.port.bigEndian
            withUnsafeMutableBytes(of: &socketAddress.sin6_addr) { $0.copyBytes(from: address.bytes) }
            return withUnsafeMutablePointer(to: &socketAddress) {
                body(UnsafeMutableRawPointer($0), MemoryLayout<sockaddr_in6>.size)
            }
        }
        var socketAddress = sockaddr_in()
        socketAddress.sin_family = sa_family_t(AF_INET)
        socketAddress.sin_port = address.port.bigEndian
        withUnsafeMutableBytes(of: &socketAddress.sin_addr) { $0.copyBytes(from: address.bytes) }
        return withUnsafeMutablePointer(to: &socketAddress) {
            body(UnsafeMutableRawPointer($0), MemoryLayout<sockaddr_in>.size)
        }
    }

    // MARK: Sockets

    /// Ends both directions of a connection; its event thread then sees the end of the stream
    /// and closes it.
    static func shutDown(socket: Int32) {
        _ = shutdown(socket, Int32(SHUT_RDWR))
    }

    static func closeDescriptor(_ descriptor: Int32) {
        _ = close(descriptor)
    }

    /// A non-blocking socket bound to `address` and listening with the system's largest
    /// backlog (libmicrohttpd's own default): its descriptor and bound port, or the `errno`
    /// of the step that failed.
    static func openListener(on address: ListenAddress) -> Result<(descriptor: Int32, port: UInt16), PlatformError> {
        #if canImport(Glibc)
            let stream = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        #else
            let stream = SOCK_STREAM
        #endif
        let listener = socket(address.isIPv6 ? AF_INET6 : AF_INET, stream, 0)
        guard listener >= 0 else { return .failure(PlatformError(code: errno, duringBind: false)) }
        var on: Int32 = 1
        _ = setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
        if address.isIPv6 {
            _ = setsockopt(listener, Int32(IPPROTO_IPV6), IPV6_V6ONLY, &on, socklen_t(MemoryLayout<Int32>.size))
        }
        let bound = withSocketAddress(address) { pointer, length in
            bind(listener, pointer.assumingMemoryBound(to: sockaddr.self), socklen_t(length))
        }
        guard bound == 0, listen(listener, SOMAXCONN) == 0 else {
            let code = errno
            close(listener)
            return .failure(PlatformError(code: code))
        }
        // libmicrohttpd's event threads race to accept: a blocking accept would hold the loser.
        _ = fcntl(listener, F_SETFL, fcntl(listener, F_GETFL) | O_NONBLOCK)
        var storage = sockaddr_in6()
        var size = socklen_t(MemoryLayout<sockaddr_in6>.size)
        let named = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &size) }
        }
        // sin_port and sin6_port sit at the same offset.
        return .success((listener, named == 0 ? UInt16(bigEndian: storage.sin6_port) : address.port))
    }

    /// A TCP connection to `host` (a name or an address) with send and receive deadlines.
    static func openConnection(host: String, port: Int, timeoutSeconds: Double) -> Result<Int32, PlatformError> {
        var hints = addrinfo()
        #if canImport(Glibc)
            hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
            hints.ai_socktype = SOCK_STREAM
        #endif
        var found: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &found) == 0, let first = found else {
            return .failure(PlatformError(code: 0, unresolved: true))
        }
        defer { freeaddrinfo(found) }
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let candidate = entry {
            let descriptor = socket(candidate.pointee.ai_family, candidate.pointee.ai_socktype, 0)
            if descriptor >= 0 {
                // connect(2) waits at most the send limit.
                limitWaits(of: descriptor, toSeconds: timeoutSeconds)
                if connect(descriptor, candidate.pointee.ai_addr, candidate.pointee.ai_addrlen) == 0 {
                    return .success(descriptor)
                }
                close(descriptor)
            }
            entry = candidate.pointee.ai_next
        }
        return .failure(PlatformError(code: errno))
    }

    /// Limits each later send and receive on `descriptor` to `seconds` (at least a millisecond).
    static func limitWaits(of descriptor: Int32, toSeconds seconds: Double) {
        let whole = max(seconds, 0.001)
        var limit = timeval(tv_sec: Int(whole), tv_usec: Int((whole - whole.rounded(.down)) * 1_000_000))
        _ = setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        _ = setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
    }

    /// Sends all of `bytes` on a connection, through short sends and interruptions; false when
    /// the connection failed, closed or its wait limit passed.
    static func sendAll(_ bytes: [UInt8], on descriptor: Int32) -> Bool {
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let sent = send(descriptor, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                if sent > 0 {
                    offset += sent
                } else if sent < 0 && errno == EINTR {
                    continue
                } else {
                    return false
                }
            }
            return true
        }
    }

    /// Up to `maximum` bytes from a connection, waiting for at least one: empty when the peer
    /// closed it, nil when the read failed or its wait limit passed.
    static func receive(from descriptor: Int32, maximum: Int) -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: maximum)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count >= 0 { return Array(buffer[0..<count]) }
            if errno != EINTR { return nil }
        }
    }

    // MARK: Files

    /// Writes all of `bytes`, through short writes and interruptions; a closed or failing
    /// descriptor loses them.
    static func writeAll(_ bytes: [UInt8], to descriptor: Int32) {
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = write(descriptor, raw.baseAddress! + offset, raw.count - offset)
                if written > 0 {
                    offset += written
                } else if written < 0 && errno == EINTR {
                    continue
                } else {
                    return
                }
            }
        }
    }

    /// An advisory lock on `path` (created if missing), held until the descriptor is closed
    /// or the process ends.
    enum FileLock {
        case held(Int32)
        /// Another process holds it.
        case taken
        /// The file cannot be created or opened: its `errno`.
        case failed(Int32)
    }

    static func lockExclusively(_ path: String) -> FileLock {
        let descriptor = open(path, O_CREAT | O_RDWR | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return .failed(errno) }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            return .taken
        }
        return .held(descriptor)
    }

    /// Whether another process holds the advisory lock on `path`, without creating the file
    /// (none there: nobody holds it) and without keeping the lock.
    static func lockIsTaken(_ path: String) -> Bool {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else { return errno == EWOULDBLOCK }
        flock(descriptor, LOCK_UN)
        return false
    }

    /// How ``createWhole(_:bytes:mode:)`` ended.
    enum NewFile {
        case created
        /// The file was there already (another process may have just made it): it is left as it is.
        case exists
        /// Its `errno`.
        case failed(Int32)
    }

    /// Creates `path` holding `bytes` unless it exists: the bytes go to a new file beside it,
    /// flushed to disk, which is then hard-linked as `path` (link(2) never replaces a file).
    /// A reader sees no file or all of it, and of two processes at the same moment one wins.
    static func createWhole(_ path: String, bytes: [UInt8], mode: UInt32) -> NewFile {
        let temporary: String
        switch writeTemporary(beside: path, bytes: bytes, mode: mode) {
        case .success(let written): temporary = written
        case .failure(let error): return .failed(error.code)
        }
        defer { unlink(temporary) }
        guard link(temporary, path) == 0 else { return errno == EEXIST ? .exists : .failed(errno) }
        return .created
    }

    /// Replaces `path` with a file holding `bytes` (rename(2) of a new file beside it): a reader
    /// sees the old file or the whole new one. The `errno` of a failure.
    static func replaceWhole(_ path: String, bytes: [UInt8], mode: UInt32) -> Int32? {
        switch writeTemporary(beside: path, bytes: bytes, mode: mode) {
        case .success(let temporary):
            guard rename(temporary, path) == 0 else {
                let code = errno
                unlink(temporary)
                return code
            }
            return nil
        case .failure(let error):
            return error.code
        }
    }

    /// A new file beside `path` holding `bytes`, with exactly `mode` (whatever the umask) and
    /// flushed to disk: its path.
    private static func writeTemporary(
        beside path: String, bytes: [UInt8], mode: UInt32
    ) -> Result<String, PlatformError> {
        var random = SystemRandomNumberGenerator()
        let temporary = path + ".tmp-" + String(random.next(), radix: 16)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode_t(mode))
        guard descriptor >= 0 else { return .failure(PlatformError(code: errno)) }
        var failure: Int32 = fchmod(descriptor, mode_t(mode)) == 0 ? 0 : errno
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while failure == 0 && offset < raw.count {
                let written = write(descriptor, raw.baseAddress! + offset, raw.count - offset)
                if written > 0 {
                    offset += written
                } else if written < 0 && errno != EINTR {
                    failure = errno
                }
            }
        }
        if failure == 0 && fsync(descriptor) != 0 { failure = errno }
        close(descriptor)
        guard failure == 0 else {
            unlink(temporary)
            return .failure(PlatformError(code: failure))
        }
        return .success(temporary)
    }

    // MARK: C strings

    /// A NUL-terminated copy on the C heap, for a C library that keeps it; freed with ``release(_:)``.
    static func cString(_ bytes: [UInt8]) -> UnsafeMutablePointer<CChar> {
        let copy = malloc(bytes.count + 1)!.bindMemory(to: CChar.self, capacity: bytes.count + 1)
        bytes.withUnsafeBytes { source in
            guard let base = source.baseAddress else { return }
            UnsafeMutableRawPointer(copy).copyMemory(from: base, byteCount: source.count)
        }
        copy[bytes.count] = 0
        return copy
    }

    static func cString(_ text: String) -> UnsafeMutablePointer<CChar> { cString(Array(text.utf8)) }

    static func release(_ string: UnsafeMutablePointer<CChar>) { free(string) }

    static func length(of string: UnsafePointer<CChar>) -> Int { strlen(string) }

    // MARK: Process

    /// Each connection is a descriptor: thousands of them need more than the usual soft
    /// limit of 1,024, and a process may raise its soft limit up to the hard one itself.
    static func raiseOpenFileLimit() {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur < limit.rlim_max else { return }
        limit.rlim_cur = limit.rlim_max
        _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
    }

    /// Writes `bytes` to standard error and ends the process at once, without running exit
    /// handlers while other threads may hold a store or a lock half-way.
    static func exitNow(writing bytes: [UInt8], status: Int32) -> Never {
        _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
        _exit(status)
    }

    // MARK: Signals

    // Written once in `installTerminationPipe()` before any signal can arrive, then only read.
    nonisolated(unsafe) private static var terminationPipe: (read: Int32, write: Int32) = (-1, -1)

    /// SIGTERM and SIGINT write their number to a pipe (the self-pipe trick), which works
    /// whichever thread the kernel delivers the signal to. Idempotent.
    static func installTerminationPipe() {
        guard terminationPipe.read < 0 else { return }
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return }
        terminationPipe = (ends[0], ends[1])
        for number in [SIGTERM, SIGINT] {
            signal(number) { received in
                var byte = UInt8(truncatingIfNeeded: received)
                _ = write(Platform.terminationPipe.write, &byte, 1)
            }
        }
    }

    /// Blocks until the pipe carries a signal: "SIGINT" or "SIGTERM".
    static func waitForTerminationSignal() -> String {
        installTerminationPipe()
        var byte: UInt8 = 0
        while true {
            let count = read(terminationPipe.read, &byte, 1)
            if count == 1 { return Int32(byte) == SIGINT ? "SIGINT" : "SIGTERM" }
            if count < 0 && errno == EINTR { continue }
            return "SIGTERM"
        }
    }
}

/// A failed system call: its `errno` (0 when a name did not resolve).
struct PlatformError: Error {
    var code: Int32
    var unresolved = false
    /// False when a listener failed before its bind (no socket at all).
    var duringBind = true
}
