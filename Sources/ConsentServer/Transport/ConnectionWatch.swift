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
    }

    let headSeconds: Double
    let minBodyBytesPerSecond: Int
    let maxBodyBytes: Int
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
        headSeconds: Double, minBodyBytesPerSecond: Int, maxBodyBytes: Int,
        expired: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.headSeconds = headSeconds
        self.minBodyBytesPerSecond = minBodyBytesPerSecond
        self.maxBodyBytes = maxBodyBytes
        self.expired = expired
    }

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
        let entry = Entry(socket: socket, phase: .awaitingHead, deadline: headDeadline())
        entries.withLock { $0[Self.key(connection)] = entry }
    }

    func closed(_ connection: OpaquePointer) {
        _ = entries.withLock { $0.removeValue(forKey: Self.key(connection)) }
    }

    /// The head is in: the body, of `declared` bytes (nil: chunked, up to the limit), must follow.
    func headReceived(_ connection: OpaquePointer, declared: Int?) {
        let bytes = min(declared ?? maxBodyBytes, maxBodyBytes)
        let allowance = minBodyBytesPerSecond > 0 ? Double(bytes) / Double(minBodyBytesPerSecond) : 86_400
        update(connection, .readingBody, deadline: Self.now() + headSeconds + allowance)
    }

    func handed(_ connection: OpaquePointer) {
        update(connection, .handling, deadline: .infinity)
    }

    /// A request finished: a kept-alive connection's next head has the same deadline.
    func completed(_ connection: OpaquePointer) {
        update(connection, .awaitingHead, deadline: headDeadline())
    }

    private func update(_ connection: OpaquePointer, _ phase: Phase, deadline: Double) {
        entries.withLock { entries in
            let key = Self.key(connection)
            guard entries[key] != nil else { return }
            entries[key]?.phase = phase
            entries[key]?.deadline = deadline
        }
    }

    /// Shuts down every connection past its deadline; how many. A few at a time under the
    /// lock: 2,000 connections expiring together would otherwise hold every event thread at
    /// the lock for as long as their 2,000 shutdowns take.
    @discardableResult
    func sweep() -> Int {
        let now = Self.now()
        let late = entries.withLock { entries in entries.compactMap { $0.value.deadline < now ? $0.key : nil } }
        var count = 0
        for start in stride(from: 0, to: late.count, by: Self.shutdownsPerLock) {
            let codes = entries.withLock { entries in
                var codes: [String] = []
                for key in late[start..<min(start + Self.shutdownsPerLock, late.count)] {
                    // Still open and still late (it may have moved on since the list was taken).
                    guard let entry = entries[key], entry.deadline < now else { continue }
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
