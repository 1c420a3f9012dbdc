/// The deadline rules of the connections of one server, as a value: events come in with
/// the time they happen (`now`, seconds on any monotonic clock) and the verdicts come out
/// as the sockets to shut down and why. ``ConnectionWatch`` holds it under its lock, reads
/// the clock and performs the shutdowns.
///
/// Its rules: the whole request head must arrive within `headSeconds` (and up to a quarter
/// more, drawn per connection), the body at `minBodyBytesPerSecond` or faster after the same
/// grace; a request with the responder has no deadline here (the commit deadline bounds that
/// wait); past `capacity`, a new connection evicts the one that has waited longest.
struct ConnectionDeadlines: Sendable {
    enum Phase: Sendable {
        case awaitingHead
        case readingBody
        case handling
    }

    struct Entry: Sendable {
        var socket: Int32
        var phase: Phase
        var deadline: Double
        /// The body bytes received since the head was in.
        var received = 0
        /// When the connection began waiting for its head or its body: the longest waiting is
        /// evicted first when the table is full, and a body's rate counts from here.
        var waitingSince: Double
    }

    /// A socket to shut down, and the code its refusal is counted under:
    /// `request_head_timeout`, `body_too_slow` or `connection_evicted`.
    struct Shutdown: Sendable, Equatable {
        let socket: Int32
        let code: String
    }

    let headSeconds: Double
    let minBodyBytesPerSecond: Int
    let maxBodyBytes: Int
    let capacity: Int
    /// Keyed by the connection's address.
    private(set) var entries: [UInt: Entry] = [:]
    /// SplitMix64's counter: the spread of head deadlines needs no secrecy, and the system
    /// generator costs a system call on every connection.
    private var jitterState: UInt64

    init(headSeconds: Double, minBodyBytesPerSecond: Int, maxBodyBytes: Int, capacity: Int = .max, seed: UInt64) {
        self.headSeconds = headSeconds
        self.minBodyBytesPerSecond = minBodyBytesPerSecond
        self.maxBodyBytes = maxBodyBytes
        self.capacity = capacity
        self.jitterState = seed
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

    /// A connection opened: its head deadline starts. When the table is past `capacity`, the
    /// connection that has waited longest (never one with the responder) is to be shut down.
    mutating func started(_ key: UInt, socket: Int32, now: Double) -> Shutdown? {
        entries[key] = Entry(socket: socket, phase: .awaitingHead, deadline: headDeadline(now), waitingSince: now)
        guard entries.count > capacity else { return nil }
        return evictLongestWaiting()
    }

    mutating func closed(_ key: UInt) {
        entries.removeValue(forKey: key)
    }

    /// The head is in: the body, of `declared` bytes (nil: chunked, up to the limit), must follow.
    mutating func headReceived(_ key: UInt, declared: Int?, now: Double) {
        let bytes = min(declared ?? maxBodyBytes, maxBodyBytes)
        let allowance = minBodyBytesPerSecond > 0 ? Double(bytes) / Double(minBodyBytesPerSecond) : 86_400
        guard entries[key] != nil else { return }
        entries[key]?.phase = .readingBody
        entries[key]?.deadline = now + headSeconds + allowance
        entries[key]?.received = 0
        entries[key]?.waitingSince = now
    }

    /// `bytes` more of the body arrived.
    mutating func received(_ key: UInt, bytes: Int) {
        entries[key]?.received += bytes
    }

    /// The request is with the responder: no deadline here.
    mutating func handed(_ key: UInt, now: Double) {
        update(key, .handling, deadline: .infinity, now: now)
    }

    /// A request finished: a kept-alive connection's next head has the same deadline.
    mutating func completed(_ key: UInt, now: Double) {
        guard entries[key] != nil else { return }
        update(key, .awaitingHead, deadline: headDeadline(now), now: now)
    }

    private mutating func update(_ key: UInt, _ phase: Phase, deadline: Double, now: Double) {
        guard entries[key] != nil else { return }
        entries[key]?.phase = phase
        entries[key]?.deadline = deadline
        entries[key]?.waitingSince = now
    }

    /// The connections past their deadline or below the body rate at `now`.
    func late(now: Double) -> [UInt] {
        entries.compactMap { isLate($0.value, now) ? $0.key : nil }
    }

    /// Of `keys`, those still open and still late at `now` (they may have moved on since the
    /// list was taken), each marked so that it is shut down once; `closed` removes it.
    mutating func expire(_ keys: ArraySlice<UInt>, now: Double) -> [Shutdown] {
        var shutdowns: [Shutdown] = []
        for key in keys {
            guard let entry = entries[key], isLate(entry, now) else { continue }
            entries[key]?.deadline = .infinity  // once
            shutdowns.append(
                Shutdown(
                    socket: entry.socket, code: entry.phase == .readingBody ? "body_too_slow" : "request_head_timeout"))
        }
        return shutdowns
    }

    /// The deadlines of the connections watched (tests).
    var deadlines: [Double] { entries.values.map(\.deadline) }

    /// The head deadline of a connection opened or kept alive at `now`: `headSeconds` and up
    /// to a quarter more, at random. Connections an attacker opens together would otherwise
    /// all be closed in one sweep and reopened in one burst of accepts, which the event
    /// threads serve ahead of the requests of everyone else.
    private mutating func headDeadline(_ now: Double) -> Double {
        now + headSeconds * (1 + 0.25 * jitter())
    }

    /// Uniform in [0, 1).
    private mutating func jitter() -> Double {
        jitterState &+= 0x9E37_79B9_7F4A_7C15
        var z = jitterState
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return Double(z >> 11) / Double(UInt64(1) << 53)
    }

    /// Marks the connection that has waited longest for its head or body (never one whose
    /// request is with the responder) and returns it; nil when there is none.
    private mutating func evictLongestWaiting() -> Shutdown? {
        var victim: (key: UInt, entry: Entry)?
        for (key, entry) in entries where entry.phase != .handling && entry.deadline.isFinite {
            if victim == nil || entry.waitingSince < victim!.entry.waitingSince { victim = (key, entry) }
        }
        guard let victim else { return nil }
        entries[victim.key]?.deadline = .infinity  // shut down once; closed() removes it
        return Shutdown(socket: victim.entry.socket, code: "connection_evicted")
    }

    private func isLate(_ entry: Entry, _ now: Double) -> Bool {
        if entry.deadline < now { return true }
        guard entry.phase == .readingBody, entry.deadline.isFinite else { return false }
        return Self.bodyTooSlow(
            received: entry.received, since: entry.waitingSince, now: now, grace: headSeconds,
            minRate: minBodyBytesPerSecond)
    }
}
