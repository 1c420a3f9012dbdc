import Synchronization
import TestSupport
import Testing

@testable import ConsentServer

/// The deadline rules on a clock the test moves: each event comes with its time, the sweeper
/// shuts down late connections a few at a time under its lock, and only those still late when
/// their turn comes. No socket is opened and no test waits on the real clock.
@Suite("connection deadlines")
struct ConnectionWatchTests {
    /// A clock the test sets, and the sockets the watch shut down, in order.
    final class Harness: Sendable {
        let clock = TestClock(monotonic: 1_000)
        let shut = Mutex<[Int32]>([])
        let codes = Mutex<[String]>([])

        func advance(_ seconds: Double) { clock.advance(seconds: seconds) }
        var shutSockets: [Int32] { shut.withLock { $0 } }

        func watch(
            headSeconds: Double, minBodyBytesPerSecond: Int = 1024, maxBodyBytes: Int = 1024, capacity: Int = .max
        ) -> ConnectionWatch {
            ConnectionWatch(
                headSeconds: headSeconds, minBodyBytesPerSecond: minBodyBytesPerSecond, maxBodyBytes: maxBodyBytes,
                capacity: capacity, clock: clock, seed: 42,
                shutDown: { socket in self.shut.withLock { $0.append(socket) } },
                expired: { code in self.codes.withLock { $0.append(code) } })
        }
    }

    static func connection(_ index: Int) -> OpaquePointer { OpaquePointer(bitPattern: index * 16)! }

    @Test("more late connections than one batch: every one is shut down, the kept-alive one is not")
    func batches() {
        let harness = Harness()
        let watch = harness.watch(headSeconds: 0.05)
        let count = ConnectionWatch.shutdownsPerLock * 3 + 5
        for index in 1...count { watch.started(Self.connection(index), socket: Int32(index)) }
        harness.advance(0.1)
        watch.completed(Self.connection(1))  // a request finished: a fresh deadline
        #expect(watch.sweep() == count - 1)
        #expect(Set(harness.shutSockets) == Set(2...Int32(count)))
        #expect(harness.shutSockets.count == count - 1)
        #expect(watch.sweep() == 0, "a connection was shut down twice")
    }

    @Test("connections opened together get head deadlines spread over a quarter of the limit past it")
    func spread() throws {
        let head = 8.0
        let harness = Harness()
        let watch = harness.watch(headSeconds: head)
        for index in 1...400 { watch.started(Self.connection(index), socket: -1) }
        let deadlines = watch.deadlines
        try #require(deadlines.count == 400)
        #expect(deadlines.allSatisfy { $0 >= 1_000 + head && $0 < 1_000 + head * 1.25 })
        // 400 draws over 2 s: all within half a second of each other has no real chance.
        #expect(deadlines.max()! - deadlines.min()! > head / 16)
    }

    @Test("a head is late only past its own deadline: just before it the sweep leaves it")
    func headEdge() throws {
        let harness = Harness()
        let watch = harness.watch(headSeconds: 10)
        watch.started(Self.connection(1), socket: 7)
        let deadline = try #require(watch.deadlines.first)
        harness.advance(deadline - 1_000 - 0.001)
        #expect(watch.sweep() == 0)
        harness.advance(0.002)
        #expect(watch.sweep() == 1)
        #expect(harness.shutSockets == [7])
    }

    @Test("each connection shut down is reported once, as a head or a body too slow")
    func reported() {
        let harness = Harness()
        let watch = harness.watch(headSeconds: 0.02, minBodyBytesPerSecond: 1_000_000)
        for index in 1...3 { watch.started(Self.connection(index), socket: Int32(index)) }
        watch.headReceived(Self.connection(2), declared: 1024)
        watch.handed(Self.connection(3))  // with the responder: no deadline here
        harness.advance(0.06)
        #expect(watch.sweep() == 2)
        #expect(watch.sweep() == 0)
        #expect(harness.codes.withLock { $0.sorted() } == ["body_too_slow", "request_head_timeout"])
        #expect(Set(harness.shutSockets) == [1, 2])
    }

    @Test("a body that keeps up with the minimum rate is left; one that falls behind is shut down")
    func bodyRate() {
        let harness = Harness()
        let watch = harness.watch(headSeconds: 10, minBodyBytesPerSecond: 100, maxBodyBytes: 100_000)
        watch.started(Self.connection(1), socket: 1)
        watch.headReceived(Self.connection(1), declared: 100_000)
        harness.advance(12)  // 2 s past the grace: 200 bytes are due
        watch.received(Self.connection(1), bytes: 250)
        #expect(watch.sweep() == 0)
        harness.advance(2)  // 400 due, 250 in
        #expect(watch.sweep() == 1)
        #expect(harness.codes.withLock { $0 } == ["body_too_slow"])
    }

    @Test("past capacity a newcomer alone on its address evicts the one waiting longest, never one with the responder")
    func eviction() {
        let harness = Harness()
        let watch = harness.watch(headSeconds: 10, capacity: 2)
        watch.started(Self.connection(1), socket: 1, address: [127, 0, 0, 1])
        watch.handed(Self.connection(1))
        harness.advance(1)
        watch.started(Self.connection(2), socket: 2, address: [127, 0, 0, 2])
        harness.advance(1)
        watch.started(Self.connection(3), socket: 3, address: [127, 0, 0, 3])
        #expect(harness.shutSockets == [2])
        #expect(harness.codes.withLock { $0 } == ["connection_evicted"])
        harness.advance(20)
        #expect(watch.sweep() == 1, "the evicted connection was shut down again")
        #expect(harness.shutSockets == [2, 3])
    }

    @Test("a reconnecting crowd evicts its own: the address holding the most connections goes first")
    func churnEvictsTheCrowd() {
        let harness = Harness()
        let watch = harness.watch(headSeconds: 10, capacity: 3)
        watch.started(Self.connection(1), socket: 1, address: [127, 0, 0, 9])  // honest, waiting longest
        harness.advance(1)
        watch.started(Self.connection(2), socket: 2, address: [127, 0, 0, 7])
        harness.advance(0.5)
        watch.started(Self.connection(3), socket: 3, address: [127, 0, 0, 7])
        harness.advance(1)
        // Another client arrives: the crowded address's longest-waiting connection makes room.
        watch.started(Self.connection(4), socket: 4, address: [127, 0, 0, 8])
        #expect(harness.shutSockets == [2])
        watch.closed(Self.connection(2))
        // The crowd reconnects: it displaces nobody but itself.
        watch.started(Self.connection(5), socket: 5, address: [127, 0, 0, 7])
        #expect(harness.shutSockets == [2, 5])
    }

    @Test("with every slot taken, a connection from an address among those holding the most is refused at accept")
    func crowdRefusedAtAccept() {
        let harness = Harness()
        let watch = harness.watch(headSeconds: 10, capacity: 3)
        #expect(watch.admits([127, 0, 0, 7]))  // room left: anyone
        watch.started(Self.connection(1), socket: 1, address: [127, 0, 0, 7])
        watch.started(Self.connection(2), socket: 2, address: [127, 0, 0, 7])
        watch.started(Self.connection(3), socket: 3, address: [127, 0, 0, 8])
        #expect(!watch.admits([127, 0, 0, 7]))  // the crowd: it would only evict itself
        #expect(!watch.admits([127, 0, 0, 8]))  // one more would make it as crowded
        #expect(watch.admits([127, 0, 0, 9]))  // an address holding none
        #expect(harness.codes.withLock { $0 } == ["connection_evicted", "connection_evicted"])
        #expect(harness.shutSockets.isEmpty)
    }

    @Test("connections without an address of their own (a trusted proxy's) are each a source: the longest waiting goes")
    func proxyConnectionsAreTheirOwn() {
        let harness = Harness()
        let watch = harness.watch(headSeconds: 10, capacity: 2)
        watch.started(Self.connection(1), socket: 1)
        harness.advance(2)
        watch.started(Self.connection(2), socket: 2)
        harness.advance(2)
        watch.started(Self.connection(3), socket: 3)
        #expect(harness.shutSockets == [1])
    }

    @Test("a crowd that has just reconnected together does not keep out a newcomer alone on its address")
    func freshCrowdMakesRoom() {
        let harness = Harness()
        let watch = harness.watch(headSeconds: 10, capacity: 3)
        watch.started(Self.connection(1), socket: 1, address: [127, 0, 0, 7])
        harness.advance(0.2)
        watch.started(Self.connection(2), socket: 2, address: [127, 0, 0, 7])
        watch.started(Self.connection(3), socket: 3, address: [127, 0, 0, 9])
        harness.advance(0.2)
        // Every connection is under the floor: the crowd's longest waiting makes room.
        watch.started(Self.connection(4), socket: 4, address: [127, 0, 0, 8])
        #expect(harness.shutSockets == [1])
    }

    @Test("nothing that waited less than the floor is evicted: the newcomer is shut down instead")
    func floorProtects() {
        let harness = Harness()
        let watch = harness.watch(headSeconds: 10, capacity: 1)
        watch.started(Self.connection(1), socket: 1, address: [127, 0, 0, 9])
        harness.advance(0.5)
        watch.started(Self.connection(2), socket: 2, address: [127, 0, 0, 7])
        #expect(harness.shutSockets == [2])
        #expect(harness.codes.withLock { $0 } == ["connection_evicted"])
    }

    @Test("a body arriving at the minimum rate keeps its slot; an idle connection of the same address goes")
    func progressProtects() {
        let harness = Harness()
        let watch = harness.watch(headSeconds: 10, minBodyBytesPerSecond: 1024, maxBodyBytes: 65_536, capacity: 2)
        watch.started(Self.connection(1), socket: 1, address: [127, 0, 0, 9])
        watch.headReceived(Self.connection(1), declared: 8_192)
        watch.started(Self.connection(2), socket: 2, address: [127, 0, 0, 9])
        harness.advance(2)
        watch.received(Self.connection(1), bytes: 2_048)
        watch.started(Self.connection(3), socket: 3, address: [127, 0, 0, 7])
        #expect(harness.shutSockets == [2])
    }

    @Test("a connection closed before the sweep is left alone")
    func closedFirst() {
        let harness = Harness()
        let watch = harness.watch(headSeconds: 0.01)
        watch.started(Self.connection(4), socket: 9)
        harness.advance(0.03)
        watch.closed(Self.connection(4))
        #expect(watch.sweep() == 0)
        #expect(harness.shutSockets.isEmpty)
    }
}
