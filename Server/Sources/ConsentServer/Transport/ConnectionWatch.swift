import Foundation
import ServerTime
import Synchronization

/// Deadlines libmicrohttpd does not have. Its timeout counts from the last byte received,
/// so a client sending one byte every few seconds holds a connection forever; the rules
/// that say which connections are late are ``ConnectionDeadlines``. This shell holds them
/// under a lock, reads the clock it was given, shuts down what they name and sweeps from a
/// thread of its own; a connection shut down is then closed by its event thread, which sees
/// the end of the stream.
final class ConnectionWatch: Sendable {
    /// Keyed by the connection's address. The lock is held while shutting a socket down,
    /// and libmicrohttpd reports a connection closed before it closes the socket, so a
    /// number reused by a new connection is never shut down by mistake.
    private let table: Mutex<ConnectionDeadlines>
    private let running = Atomic<Bool>(true)
    let headSeconds: Double
    /// Its monotonic seconds time the deadlines.
    private let clock: any ServerClock
    /// Ends a socket's both directions (`shutdown(2)` in production).
    private let shutDown: @Sendable (Int32) -> Void
    /// Told the code of each connection shut down: `request_head_timeout`, `body_too_slow`
    /// or `connection_evicted`.
    private let expired: @Sendable (String) -> Void

    /// - Parameters:
    ///   - capacity: past this many connections, a new one takes the slot of another
    ///     (``ConnectionDeadlines/evictionVictim(newcomer:now:)``; libmicrohttpd's own limit is
    ///     ``evictionReserve(_:)`` above): a crowd of slow or churning clients cannot keep an
    ///     honest one out.
    ///   - seed: the head deadlines' spread (random by default).
    init(
        headSeconds: Double, minBodyBytesPerSecond: Int, maxBodyBytes: Int, capacity: Int = .max,
        clock: any ServerClock = SystemClock(),
        seed: UInt64 = .random(in: .min ... .max),
        shutDown: @escaping @Sendable (Int32) -> Void = { Platform.shutDown(socket: $0) },
        expired: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.headSeconds = headSeconds
        table = Mutex(
            ConnectionDeadlines(
                headSeconds: headSeconds, minBodyBytesPerSecond: minBodyBytesPerSecond, maxBodyBytes: maxBodyBytes,
                capacity: capacity, seed: seed))
        self.clock = clock
        self.shutDown = shutDown
        self.expired = expired
    }

    /// How many connections libmicrohttpd may hold beyond `capacity`: the room evictions work in.
    static func evictionReserve(_ capacity: Int) -> Int { max(8, capacity / 16) }

    var isEnabled: Bool { headSeconds > 0 }

    /// `address`: the client's address bytes (eviction starts with the addresses holding the
    /// most); nil when the connection counts as a source of its own (a trusted proxy's, which
    /// carries many clients, or an address that could not be read).
    func started(_ connection: OpaquePointer, socket: Int32, address: [UInt8]? = nil) {
        let now = clock.monotonic()
        let source = address.map(Self.source) ?? UInt64(Self.key(connection)) ^ 0x5555_5555_5555_5555
        let evicted = table.withLock { table -> Bool in
            guard let victim = table.started(Self.key(connection), socket: socket, source: source, now: now) else {
                return false
            }
            shutDown(victim.socket)
            return true
        }
        if evicted { expired("connection_evicted") }
    }

    /// Whether a connection from `address` is accepted (``ConnectionDeadlines/admits(source:)``);
    /// a refusal is counted as `connection_evicted`.
    func admits(_ address: [UInt8]) -> Bool {
        let admitted = table.withLock { $0.admits(source: Self.source(address)) }
        if !admitted { expired("connection_evicted") }
        return admitted
    }

    func closed(_ connection: OpaquePointer) {
        table.withLock { $0.closed(Self.key(connection)) }
    }

    /// The head is in: the body, of `declared` bytes (nil: chunked, up to the limit), must follow.
    func headReceived(_ connection: OpaquePointer, declared: Int?) {
        let now = clock.monotonic()
        table.withLock { $0.headReceived(Self.key(connection), declared: declared, now: now) }
    }

    /// `bytes` more of the body arrived.
    func received(_ connection: OpaquePointer, bytes: Int) {
        table.withLock { $0.received(Self.key(connection), bytes: bytes) }
    }

    func handed(_ connection: OpaquePointer) {
        let now = clock.monotonic()
        table.withLock { $0.handed(Self.key(connection), now: now) }
    }

    /// A request finished: a kept-alive connection's next head has the same deadline.
    func completed(_ connection: OpaquePointer) {
        let now = clock.monotonic()
        table.withLock { $0.completed(Self.key(connection), now: now) }
    }

    /// Shuts down every connection past its deadline; how many. A few at a time under the
    /// lock: 2,000 connections expiring together would otherwise hold every event thread at
    /// the lock for as long as their 2,000 shutdowns take.
    @discardableResult
    func sweep() -> Int {
        let now = clock.monotonic()
        let late = table.withLock { $0.late(now: now) }
        var count = 0
        for start in stride(from: 0, to: late.count, by: Self.shutdownsPerLock) {
            let codes = table.withLock { table in
                let due = table.expire(late[start..<min(start + Self.shutdownsPerLock, late.count)], now: now)
                for shutdown in due { shutDown(shutdown.socket) }
                return due.map(\.code)
            }
            codes.forEach(expired)
            count += codes.count
        }
        return count
    }

    static let shutdownsPerLock = 32

    /// The deadlines of the connections watched, on the watch's clock (tests).
    var deadlines: [Double] { table.withLock { $0.deadlines } }

    /// Sweeps four times a second until `stop`.
    func start() {
        guard isEnabled else { return }
        let thread = Thread { [self] in
            while running.load(ordering: .relaxed) {
                Platform.pause(microseconds: 250_000)
                sweep()
            }
        }
        thread.name = "agekit-http-deadlines"
        thread.start()
    }

    func stop() { running.store(false, ordering: .relaxed) }

    private static func key(_ connection: OpaquePointer) -> UInt { UInt(bitPattern: Int(bitPattern: connection)) }

    /// FNV-1a of the address bytes: a table key, not a secret.
    static func source(_ address: [UInt8]) -> UInt64 {
        address.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
    }
}
