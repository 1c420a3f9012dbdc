/// The deadline rules of the connections of one server, as a value: events come in with
/// the time they happen (`now`, seconds on any monotonic clock) and the verdicts come out
/// as the sockets to shut down and why. ``ConnectionWatch`` holds it under its lock, reads
/// the clock and performs the shutdowns.
///
/// Its rules: the whole request head must arrive within `headSeconds` (and up to a quarter
/// more, drawn per connection), the body at `minBodyBytesPerSecond` or faster after the same
/// grace; a request with the responder has no deadline here (the commit deadline bounds that
/// wait); past `capacity`, a new connection evicts one (``evictionVictim(newcomer:now:)``).
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
        /// The client's address, hashed: eviction starts with the addresses holding the most.
        var source: UInt64 = 0
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
    /// A connection that has waited less than this for its head or body is never evicted.
    let evictionFloorSeconds: Double
    /// Keyed by the connection's address.
    private(set) var entries: [UInt: Entry] = [:]
    /// How many connections each source holds.
    private var perSource: [UInt64: Int] = [:]
    /// SplitMix64's counter: the spread of head deadlines needs no secrecy, and the system
    /// generator costs a system call on every connection.
    private var jitterState: UInt64

    init(
        headSeconds: Double, minBodyBytesPerSecond: Int, maxBodyBytes: Int, capacity: Int = .max,
        evictionFloorSeconds: Double = 1, seed: UInt64
    ) {
        self.headSeconds = headSeconds
        self.minBodyBytesPerSecond = minBodyBytesPerSecond
        self.maxBodyBytes = maxBodyBytes
        self.capacity = capacity
        self.evictionFloorSeconds = evictionFloorSeconds
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

    /// A connection opened from `source` (its address, hashed): its head deadline starts. When
    /// the table is past `capacity`, one connection is to be shut down (``evictionVictim(newcomer:now:)``).
    mutating func started(_ key: UInt, socket: Int32, source: UInt64 = 0, now: Double) -> Shutdown? {
        if let previous = entries[key] { forget(previous.source) }
        entries[key] = Entry(
            socket: socket, phase: .awaitingHead, deadline: headDeadline(now), waitingSince: now, source: source)
        perSource[source, default: 0] += 1
        guard entries.count > capacity, let victim = evictionVictim(newcomer: key, now: now),
            let entry = entries[victim]
        else { return nil }
        entries[victim]?.deadline = .infinity  // shut down once; closed() removes it
        return Shutdown(socket: entry.socket, code: "connection_evicted")
    }

    /// Whether a connection from `source` may be accepted at all: once the table is at
    /// `capacity`, one from an address already among those holding the most would only be
    /// evicted itself (``evictionVictim(newcomer:now:)``), so it is closed at accept and never
    /// takes one of libmicrohttpd's slots, which stay free for other addresses.
    func admits(source: UInt64) -> Bool {
        guard entries.count >= capacity, let held = perSource[source] else { return true }
        return held + 1 < (perSource.values.max() ?? 0)
    }

    mutating func closed(_ key: UInt) {
        guard let entry = entries.removeValue(forKey: key) else { return }
        forget(entry.source)
    }

    private mutating func forget(_ source: UInt64) {
        let count = (perSource[source] ?? 1) - 1
        perSource[source] = count > 0 ? count : nil
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

    /// Which connection goes when a newcomer takes the table past `capacity`, so that a cheap
    /// flood of reconnecting clients does not decide who is served. The newcomer is a
    /// candidate too:
    ///
    /// | connection | may go? |
    /// | --- | --- |
    /// | its request with the responder, or already being shut down | never |
    /// | reading a body at `minBodyBytesPerSecond` or faster | never |
    /// | waited less than `evictionFloorSeconds` for its head or body | only for a newcomer alone on its address, and only from an address holding others |
    /// | any other, and the newcomer | yes: from the source holding the most connections |
    ///
    /// Between sources holding as many, a newcomer whose source holds others goes first (a
    /// crowd that reconnects displaces nobody but itself); a newcomer alone on its address
    /// displaces the connection that has waited longest (a crowd of slow clients, one an
    /// address, cannot keep it out), or, when every other has waited less than the floor, the
    /// longest waiting of the address holding the most (a crowd that has just reconnected
    /// together cannot keep it out either).
    func evictionVictim(newcomer: UInt, now: Double) -> UInt? {
        guard let arriving = entries[newcomer] else { return nil }
        let newcomerHeld = perSource[arriving.source] ?? 1
        typealias Candidate = (key: UInt, held: Int, since: Double)
        func first(_ candidate: Candidate, before current: Candidate?) -> Bool {
            guard let current else { return true }
            return (candidate.held, -candidate.since) > (current.held, -current.since)
        }
        var victim: Candidate?
        var underTheFloor: Candidate?  // of an address holding others
        for (key, entry) in entries where key != newcomer && mayGo(entry, now) {
            let candidate = (key: key, held: perSource[entry.source] ?? 0, since: entry.waitingSince)
            if now - entry.waitingSince >= evictionFloorSeconds {
                if first(candidate, before: victim) { victim = candidate }
            } else if candidate.held >= 2, first(candidate, before: underTheFloor) {
                underTheFloor = candidate
            }
        }
        if let victim, victim.held > newcomerHeld || (victim.held == newcomerHeld && newcomerHeld == 1) {
            return victim.key
        }
        if newcomerHeld == 1, let underTheFloor { return underTheFloor.key }
        return newcomer
    }

    /// Whether the connection may be evicted at all: not with the responder, not already
    /// being shut down, and not a body arriving at the minimum rate.
    private func mayGo(_ entry: Entry, _ now: Double) -> Bool {
        guard entry.phase != .handling, entry.deadline.isFinite else { return false }
        let waited = now - entry.waitingSince
        if entry.phase == .readingBody && minBodyBytesPerSecond > 0 && waited > 0
            && Double(entry.received) >= Double(minBodyBytesPerSecond) * waited
        {
            return false
        }
        return true
    }

    private func isLate(_ entry: Entry, _ now: Double) -> Bool {
        if entry.deadline < now { return true }
        guard entry.phase == .readingBody, entry.deadline.isFinite else { return false }
        return Self.bodyTooSlow(
            received: entry.received, since: entry.waitingSince, now: now, grace: headSeconds,
            minRate: minBodyBytesPerSecond)
    }
}
