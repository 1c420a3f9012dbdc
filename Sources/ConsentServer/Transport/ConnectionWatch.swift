import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Deadlines libmicrohttpd does not have. Its timeout counts from the last byte received,
/// so a client sending one byte every few seconds holds a connection forever; here the
/// whole request head must arrive within `headSeconds`, and the body at `minBodyBytesPerSecond`
/// or faster (after the same grace). A connection past its deadline is shut down from a
/// sweeper thread; its event thread then sees the end of the stream and closes it.
///
/// A connection whose request is with the responder has no deadline here: the commit
/// deadline bounds that wait.
final class ConnectionWatch: Sendable {
    private enum Phase {
        case awaitingHead
        case readingBody
        case handling
    }

    private struct Entry {
        var socket: Int32
        var phase: Phase
        var deadline: Double
        /// The body bytes received since the head was in.
        var received = 0
        /// When the connection began waiting for its head or its body: the longest waiting is
        /// evicted first when the table is full, and a body's rate counts from here.
        var waitingSince: Double
    }

    /// Whether a body is below the minimum rate: after the grace, the bytes received must keep
    /// up with `minBodyBytesPerSecond` counted from the grace's end. A client sending a byte
    /// every few seconds under a large `Content-Length` would otherwise hold its connection
    /// for the whole allowance of that length (100 KB at 1 KiB/s: 108 s).
    static func bodyTooSlow(received: Int, since start: Double, now: Double, grace: Double, minRate: Int) -> Bool {
        guard minRate > 0 else { return false }
        let counted = now - start - grace
        return counted > 0 && Double(received) < Double(minRate) * counted
    }

    let headSeconds: Double
    let minBodyBytesPerSecond: Int
    let maxBodyBytes: Int
    /// Past this many connections, a new one takes the slot of the one that has waited
    /// longest for its head or body (libmicrohttpd's own limit is ``evictionReserve`` above):
    /// a crowd of slow clients cannot keep an honest one out.
    let capacity: Int
    /// Keyed by the connection's address. The lock is held while shutting a socket down,
    /// and libmicrohttpd reports a connection closed before it closes the socket, so a
    /// number reused by a new connection is never shut down by mistake.
    private let entries = Mutex<[UInt: Entry]>([:])
    private let running = Atomic<Bool>(true)
    /// SplitMix64's counter. The spread needs no secrecy, and the system generator costs a
    /// system call on every request.
    private let jitterState = Atomic<UInt64>(UInt64.random(in: .min ... .max))

    /// Told the code of each connection shut down: `request_head_timeout` or `body_too_slow`.
    private let expired: @Sendable (String) -> Void

    init(
        headSeconds: Double, minBodyBytesPerSecond: Int, maxBodyBytes: Int, capacity: Int = .max,
        expired: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.headSeconds = headSeconds
        self.minBodyBytesPerSecond = minBodyBytesPerSecond
        self.maxBodyBytes = maxBodyBytes
        self.capacity = capacity
        self.expired = expired
    }

    /// How many connections libmicrohttpd may hold beyond `capacity`: the room evictions work in.
    static func evictionReserve(_ capacity: Int) -> Int { max(8, capacity / 16) }

    var isEnabled: Bool { headSeconds > 0 }

    /// The head deadline of a connection opened now: `headSeconds` and up to a quarter more,
    /// at random. Connections an attacker opens together would otherwise all be closed in
    /// one sweep and reopened in one burst of accepts, which the event threads serve ahead
    /// of the requests of everyone else.
    private func headDeadline() -> Double {
        Self.now() + headSeconds * (1 + 0.25 * jitter())
    }

    /// Uniform in [0, 1).
    private func jitter() -> Double {
        var z = jitterState.wrappingAdd(0x9E37_79B9_7F4A_7C15, ordering: .relaxed).newValue
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return Double(z >> 11) / Double(UInt64(1) << 53)
    }

    func started(_ connection: OpaquePointer, socket: Int32) {
        let now = Self.now()
        let entry = Entry(socket: socket, phase: .awaitingHead, deadline: headDeadline(), waitingSince: now)
        let evicted = entries.withLock { entries -> Bool in
            entries[Self.key(connection)] = entry
            guard entries.count > capacity else { return false }
            return Self.evictLongestWaiting(&entries)
        }
        if evicted { expired("connection_evicted") }
    }

    /// Shuts down the connection that has waited longest for its head or body (never one
    /// whose request is with the responder); false when there is none.
    private static func evictLongestWaiting(_ entries: inout [UInt: Entry]) -> Bool {
        let waiting = entries.filter { $0.value.phase != .handling && $0.value.deadline.isFinite }
        guard let victim = waiting.min(by: { $0.value.waitingSince < $1.value.waitingSince }) else { return false }
        _ = shutdown(victim.value.socket, Int32(SHUT_RDWR))
        entries[victim.key]?.deadline = .infinity  // shut down once; closed() removes it
        return true
    }

    func closed(_ connection: OpaquePointer) {
        _ = entries.withLock { $0.removeValue(forKey: Self.key(connection)) }
    }

    /// The head is in: the body, of `declared` bytes (nil: chunked, up to the limit), must follow.
    func headReceived(_ connection: OpaquePointer, declared: Int?) {
        let bytes = min(declared ?? maxBodyBytes, maxBodyBytes)
        let allowance = minBodyBytesPerSecond > 0 ? Double(bytes) / Double(minBodyBytesPerSecond) : 86_400
        let now = Self.now()
        entries.withLock { entries in
            let key = Self.key(connection)
            guard entries[key] != nil else { return }
            entries[key]?.phase = .readingBody
            entries[key]?.deadline = now + headSeconds + allowance
            entries[key]?.received = 0
            entries[key]?.waitingSince = now
        }
    }

    /// `bytes` more of the body arrived.
    func received(_ connection: OpaquePointer, bytes: Int) {
        entries.withLock { entries in entries[Self.key(connection)]?.received += bytes }
    }

    func handed(_ connection: OpaquePointer) {
        update(connection, .handling, deadline: .infinity)
    }

    /// A request finished: a kept-alive connection's next head has the same deadline.
    func completed(_ connection: OpaquePointer) {
        update(connection, .awaitingHead, deadline: headDeadline())
    }

    private func update(_ connection: OpaquePointer, _ phase: Phase, deadline: Double) {
        let now = Self.now()
        entries.withLock { entries in
            let key = Self.key(connection)
            guard entries[key] != nil else { return }
            entries[key]?.phase = phase
            entries[key]?.deadline = deadline
            entries[key]?.waitingSince = now
        }
    }

    /// Shuts down every connection past its deadline; how many. A few at a time under the
    /// lock: 2,000 connections expiring together would otherwise hold every event thread at
    /// the lock for as long as their 2,000 shutdowns take.
    @discardableResult
    func sweep() -> Int {
        let now = Self.now()
        let late = entries.withLock { entries in entries.compactMap { isLate($0.value, now) ? $0.key : nil } }
        var count = 0
        for start in stride(from: 0, to: late.count, by: Self.shutdownsPerLock) {
            let codes = entries.withLock { entries in
                var codes: [String] = []
                for key in late[start..<min(start + Self.shutdownsPerLock, late.count)] {
                    // Still open and still late (it may have moved on since the list was taken).
                    guard let entry = entries[key], isLate(entry, now) else { continue }
                    _ = shutdown(entry.socket, Int32(SHUT_RDWR))
                    entries[key]?.deadline = .infinity  // once
                    codes.append(entry.phase == .readingBody ? "body_too_slow" : "request_head_timeout")
                }
                return codes
            }
            codes.forEach(expired)
            count += codes.count
        }
        return count
    }

    private func isLate(_ entry: Entry, _ now: Double) -> Bool {
        if entry.deadline < now { return true }
        guard entry.phase == .readingBody, entry.deadline.isFinite else { return false }
        return Self.bodyTooSlow(
            received: entry.received, since: entry.waitingSince, now: now, grace: headSeconds,
            minRate: minBodyBytesPerSecond)
    }

    static let shutdownsPerLock = 32

    /// The deadlines of the connections watched, on the monotonic clock (tests).
    var deadlines: [Double] { entries.withLock { $0.values.map(\.deadline) } }

    static var monotonicNow: Double { now() }

    /// Sweeps four times a second until `stop`.
    func start() {
        guard isEnabled else { return }
        let thread = Thread { [self] in
            while running.load(ordering: .relaxed) {
                usleep(250_000)
                sweep()
            }
        }
        thread.name = "agekit-http-deadlines"
        thread.start()
    }

    func stop() { running.store(false, ordering: .relaxed) }

    private static func key(_ connection: OpaquePointer) -> UInt { UInt(bitPattern: Int(bitPattern: connection)) }

    private static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
