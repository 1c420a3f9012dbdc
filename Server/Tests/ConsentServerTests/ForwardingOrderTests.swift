import ConsentLedger
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import ConsentServer

/// A backend whose every answer takes `secondsPerPost` on a shared test clock, and that can
/// run a second forwarder while the first waits for it (a concurrent worker, made exact).
final class SlowBackend: HTTPClient, Sendable {
    let clock = TestClock(milliseconds: 1_000_000)
    let eventIds = Mutex<[String]>([])
    let kinds = Mutex<[String]>([])
    let secondsPerPost: Int64
    private let statuses: Mutex<[Int]>
    private let duringPost = Mutex<(post: Int, work: (@Sendable () -> Void)?)>((0, nil))
    private let posts = Mutex(0)

    init(secondsPerPost: Int64, statuses: [Int] = []) {
        self.secondsPerPost = secondsPerPost
        self.statuses = Mutex(statuses)
    }

    /// Runs `work` once, inside post number `post` (from 1).
    func during(post: Int, _ work: @escaping @Sendable () -> Void) { duringPost.withLock { $0 = (post, work) } }

    func send(_ request: HTTPClientRequest) throws(ServerError) -> HTTPClientResponse {
        let (headers, body) = (request.headers, request.body)
        clock.advance(seconds: Double(secondsPerPost))
        let count = posts.withLock { count in
            count += 1
            return count
        }
        let work = duringPost.withLock { value -> (@Sendable () -> Void)? in
            guard value.post == count, let work = value.work else { return nil }
            value.work = nil
            return work
        }
        work?()
        let status = statuses.withLock { $0.isEmpty ? 200 : $0.removeFirst() }
        if status == 200 {
            eventIds.withLock { $0.append(headers[EventSignature.eventIdHeader] ?? "") }
            let event = (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any]
            kinds.withLock { $0.append(event?["kind"] as? String ?? "") }
        }
        return HTTPClientResponse(status: status)
    }
}

@Suite("Event forwarding: order and leases")
struct ForwardingOrderTests {
    let tests = ForwardingTests()

    func forwarder(_ ledger: Ledger, _ backend: SlowBackend) -> Forwarder {
        Forwarder(
            ledger: ledger,
            targets: [
                ForwardingTests.bundleId: .init(
                    url: URL(string: "http://127.0.0.1:9/events")!, secret: ForwardingTests.secret,
                    timeoutSeconds: 10,
                    schedule: RetrySchedule(maxAttempts: 5, baseDelaySeconds: 0, maxDelaySeconds: 0))
            ], client: backend, clock: backend.clock, jitter: { 0 })
    }

    @Test("a batch that outlives its lease never sends an event another worker claimed since")
    func batchOutlivesLease() throws {
        let ledger = try tests.ledger()
        for index in 0..<16 { try tests.revoke(ledger, account: "a\(index)", appTransactionId: "AT-\(index)") }
        // Each answer takes 15 s and the lease is 25 s: during the batch's third send its
        // lease has run out, and a second worker claims what is left of it.
        let backend = SlowBackend(secondsPerPost: 15)
        let first = forwarder(ledger, backend)
        let second = forwarder(ledger, backend)
        backend.during(post: 3) { _ = try? second.runOnce() }
        _ = try first.runOnce()
        while try first.runOnce() > 0 {}
        let ids = backend.eventIds.withLock { $0 }
        #expect(ids.count == 16)
        #expect(Set(ids).count == 16)
        #expect(try ledger.outboxCounts()[.delivered] == 16)
    }

    @Test("one account's events reach a failing, then recovering backend in ledger order")
    func oneAccountInOrder() throws {
        let ledger = try tests.ledger()
        try tests.revoke(ledger, account: "alice", appTransactionId: "AT-1")
        let done = DispatchSemaphore(value: 0)
        ledger.restore(
            bundleId: ForwardingTests.bundleId, accountId: "alice", actor: "support", reason: nil, at: 20
        ) { _ in done.signal() }
        done.wait()
        // The revocation's first attempt fails; its retry is due at once.
        let backend = SlowBackend(secondsPerPost: 1, statuses: [500])
        let forwarder = forwarder(ledger, backend)
        while try forwarder.runOnce() > 0 {}
        #expect(backend.kinds.withLock { $0 } == ["consentRevoked", "consentRestored"])
    }

    @Test("accounts do not wait for each other")
    func accountsIndependent() throws {
        let ledger = try tests.ledger()
        try tests.revoke(ledger, account: "alice", appTransactionId: "AT-1")
        try tests.revoke(ledger, account: "bob", appTransactionId: "AT-2")
        let claimed = try ledger.claimOutbox(limit: 16, now: 1_000_000, leaseMilliseconds: 1_000)
        #expect(Set(claimed.map { $0.body.contains("alice") ? "alice" : "bob" }) == ["alice", "bob"])
    }

    @Test("metrics show attempts by outcome and the outbox's state")
    func metrics() throws {
        let ledger = try tests.ledger()
        try tests.revoke(ledger, account: "alice", appTransactionId: "AT-1")
        try tests.revoke(ledger, account: "bob", appTransactionId: "AT-2")
        let metrics = Metrics()
        let backend = SlowBackend(secondsPerPost: 1, statuses: [500])
        let forwarder = Forwarder(
            ledger: ledger,
            targets: [
                ForwardingTests.bundleId: .init(
                    url: URL(string: "http://127.0.0.1:9/events")!, secret: ForwardingTests.secret,
                    schedule: RetrySchedule(maxAttempts: 1, baseDelaySeconds: 0, maxDelaySeconds: 0))
            ], client: backend, clock: backend.clock, metrics: metrics, jitter: { 0 })
        let before = metrics.render()
        #expect(before.contains("agekit_outbox_pending 2"))
        #expect(before.contains("agekit_outbox_oldest_pending_age_seconds"))
        while try forwarder.runOnce() > 0 {}
        let after = metrics.render()
        let app = ForwardingTests.bundleId
        #expect(after.contains(#"agekit_forwarding_attempts_total{bundle_id="\#(app)",outcome="dead"} 1"#))
        #expect(after.contains(#"agekit_forwarding_attempts_total{bundle_id="\#(app)",outcome="delivered"} 1"#))
        #expect(after.contains("agekit_outbox_pending 0"))
        #expect(after.contains("agekit_outbox_dead 1"))
        #expect(after.contains("agekit_outbox_oldest_pending_age_seconds 0"))
        #expect(!after.contains("agekit_forwarding_last_success_timestamp_seconds 0"))
    }
}
