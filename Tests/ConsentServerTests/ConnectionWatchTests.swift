import Foundation
import Synchronization
import Testing

@testable import ConsentServer

#if canImport(Glibc)
    import Glibc
#endif

/// The sweeper shuts down late connections a few at a time under its lock, and only those
/// still late when their turn comes.
@Suite("connection deadlines")
struct ConnectionWatchTests {
    /// A socket pair: the watch holds one end, the test reads the other.
    static func pair() throws -> (watched: Int32, peer: Int32) {
        var ends: [Int32] = [0, 0]
        try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0)
        return (ends[0], ends[1])
    }

    /// Whether the peer sees the end of the stream (the watched end was shut down).
    static func ended(_ peer: Int32) -> Bool {
        var poller = pollfd(fd: peer, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, 0) == 1 else { return false }
        var byte: UInt8 = 0
        return read(peer, &byte, 1) == 0
    }

    @Test("more late connections than one batch: every one is shut down, the kept-alive one is not")
    func batches() throws {
        let watch = ConnectionWatch(headSeconds: 0.05, minBodyBytesPerSecond: 1024, maxBodyBytes: 1024)
        let count = ConnectionWatch.shutdownsPerLock * 3 + 5
        let pairs = try (0..<count).map { _ in try Self.pair() }
        defer { for pair in pairs { close(pair.watched); close(pair.peer) } }
        let connections = (1...count).map { OpaquePointer(bitPattern: $0 * 16)! }
        for (connection, pair) in zip(connections, pairs) { watch.started(connection, socket: pair.watched) }
        usleep(100_000)
        watch.completed(connections[0])  // a request finished: a fresh deadline
        #expect(watch.sweep() == count - 1)
        #expect(!Self.ended(pairs[0].peer))
        #expect(pairs.dropFirst().allSatisfy { Self.ended($0.peer) })
        #expect(watch.sweep() == 0, "a connection was shut down twice")
    }

    @Test("connections opened together get head deadlines spread over a quarter of the limit past it")
    func spread() throws {
        let head = 8.0
        let watch = ConnectionWatch(headSeconds: head, minBodyBytesPerSecond: 1024, maxBodyBytes: 1024)
        let before = ConnectionWatch.monotonicNow
        for index in 1...400 { watch.started(OpaquePointer(bitPattern: index * 16)!, socket: -1) }
        let after = ConnectionWatch.monotonicNow
        let deadlines = watch.deadlines
        try #require(deadlines.count == 400)
        #expect(deadlines.allSatisfy { $0 >= before + head && $0 <= after + head * 1.25 })
        // 400 draws over 2 s: all within half a second of each other has no real chance.
        #expect(deadlines.max()! - deadlines.min()! > head / 16)
    }

    @Test("each connection shut down is reported once, as a head or a body too slow")
    func reported() throws {
        let codes = Mutex<[String]>([])
        let watch = ConnectionWatch(
            headSeconds: 0.02, minBodyBytesPerSecond: 1_000_000, maxBodyBytes: 1024,
            expired: { code in codes.withLock { $0.append(code) } })
        let pairs = try (0..<3).map { _ in try Self.pair() }
        defer { for pair in pairs { close(pair.watched); close(pair.peer) } }
        let connections = (1...3).map { OpaquePointer(bitPattern: $0 * 16)! }
        for (connection, pair) in zip(connections, pairs) { watch.started(connection, socket: pair.watched) }
        watch.headReceived(connections[1], declared: 1024)
        watch.handed(connections[2])  // with the responder: no deadline here
        usleep(60_000)
        #expect(watch.sweep() == 2)
        #expect(watch.sweep() == 0)
        #expect(codes.withLock { $0.sorted() } == ["body_too_slow", "request_head_timeout"])
    }

    @Test("a connection closed before the sweep is left alone")
    func closedFirst() throws {
        let watch = ConnectionWatch(headSeconds: 0.01, minBodyBytesPerSecond: 1024, maxBodyBytes: 1024)
        let pair = try Self.pair()
        defer { close(pair.watched); close(pair.peer) }
        let connection = OpaquePointer(bitPattern: 64)!
        watch.started(connection, socket: pair.watched)
        usleep(30_000)
        watch.closed(connection)
        #expect(watch.sweep() == 0)
        #expect(!Self.ended(pair.peer))
    }
}
