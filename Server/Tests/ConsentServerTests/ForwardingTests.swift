import AppStoreSignedData
import ConsentLedger
import Foundation
import Synchronization
import Testing

@testable import ConsentServer

/// A backend that answers from a script and records what it received.
final class ScriptedBackend: HTTPClient, Sendable {
    struct Received: Sendable {
        let headers: [String: String]
        let body: [UInt8]
    }

    private let statuses: Mutex<[Int]>
    private let fallback: Int
    let received = Mutex<[Received]>([])
    let gate: DispatchSemaphore?

    init(statuses: [Int] = [], fallback: Int = 200, gate: DispatchSemaphore? = nil) {
        self.statuses = Mutex(statuses)
        self.fallback = fallback
        self.gate = gate
    }

    func send(_ request: HTTPClientRequest) throws(ServerError) -> HTTPClientResponse {
        let (headers, body) = (request.headers, request.body)
        gate?.wait()
        received.withLock { $0.append(Received(headers: headers, body: body)) }
        return HTTPClientResponse(status: statuses.withLock { $0.isEmpty ? fallback : $0.removeFirst() })
    }
}

@Suite("Event forwarding")
struct ForwardingTests {
    static let secret = "0123456789abcdef-secret"
    static let bundleId = ResponderFixture.bundleId

    func ledger(allNotifications: Bool = false) throws -> Ledger {
        try Ledger(
            store: SQLiteStore(path: ":memory:"),
            forwarding: ForwardingRules([Self.bundleId: .init(allNotifications: allNotifications)]))
    }

    func forwarder(_ ledger: Ledger, _ backend: ScriptedBackend, maxAttempts: Int = 3) -> Forwarder {
        Forwarder(
            ledger: ledger,
            targets: [
                Self.bundleId: .init(
                    url: URL(string: "http://127.0.0.1:9/events")!, secret: Self.secret,
                    schedule: RetrySchedule(maxAttempts: maxAttempts, baseDelaySeconds: 0, maxDelaySeconds: 0))
            ], client: backend, jitter: { 0 })
    }

    func revoke(_ ledger: Ledger, account: String = "alice", appTransactionId: String = "AT-1") throws {
        let done = DispatchSemaphore(value: 0)
        ledger.registerAppTransaction(
            bundleId: Self.bundleId, accountId: account, appTransactionId: appTransactionId, at: 1
        ) { _ in done.signal() }
        done.wait()
        let record = NotificationRecord(
            uuid: UUID().uuidString, bundleId: Self.bundleId, environment: "LocalTesting", type: "RESCIND_CONSENT",
            signedDate: 5, appTransactionId: appTransactionId, signedPayload: ArraySlice("x".utf8))
        ledger.record(record, receivedAt: 10) { _ in done.signal() }
        done.wait()
    }

    @Test("the signature is HMAC-SHA256 over timestamp and body (known answer)")
    func signatureKnownAnswer() {
        let body = Array(#"{"kind":"consentRevoked"}"#.utf8)
        let signature = EventSignature.sign(secret: Self.secret, timestamp: 1_700_000_000, body: body)
        #expect(signature == "v1=2f4d06d1a378371b3c6ddd925303652f18d73f24b84495bc18ac726414eeec34")
        #expect(EventSignature.isValid(signature, secret: Self.secret, timestamp: 1_700_000_000, body: body))
        #expect(!EventSignature.isValid(signature, secret: Self.secret, timestamp: 1_700_000_001, body: body))
    }

    @Test("during a rotation both secrets sign, each signature verifies alone, and the window ends")
    func rotationSignatures() throws {
        let body = Array(#"{"kind":"consentRevoked"}"#.utf8)
        let previous = "previous-secret-0123456789"
        let target = Forwarder.Target(
            url: try #require(URL(string: "http://127.0.0.1:9/e")), secret: Self.secret, previousSecret: previous,
            previousSecretUntil: 2_000)
        #expect(target.secrets(at: 1_999) == [Self.secret, previous])
        #expect(target.secrets(at: 2_000) == [Self.secret])
        let header = try #require(
            EventSignature.headers(secrets: target.secrets(at: 0), timestamp: 7, body: body, eventId: "a:1")[
                EventSignature.signatureHeader])
        #expect(
            header
                == EventSignature.sign(secret: Self.secret, timestamp: 7, body: body) + " "
                + EventSignature.sign(secret: previous, timestamp: 7, body: body))
        #expect(EventSignature.isValid(header, secret: Self.secret, timestamp: 7, body: body))
        #expect(EventSignature.isValid(header, secret: previous, timestamp: 7, body: body))
        #expect(!EventSignature.isValid(header, secret: "a-third-secret-0123456789", timestamp: 7, body: body))
        #expect(!EventSignature.isValid(header + "0", secret: previous, timestamp: 7, body: body))
    }

    @Test(
        "retries back off exponentially up to a cap, then stop",
        arguments: [(1, 2.0), (2, 4.0), (3, 8.0), (7, 60.0)] as [(Int, Double)])
    func backoff(attempts: Int, expected: Double) {
        let schedule = RetrySchedule(maxAttempts: 8, baseDelaySeconds: 2, maxDelaySeconds: 60)
        #expect(schedule.delay(afterAttempts: attempts, jitter: 1) == expected)
        #expect(schedule.delay(afterAttempts: attempts, jitter: 0) == expected / 2)
        #expect(schedule.delay(afterAttempts: 8, jitter: 1) == nil)
    }

    @Test("a revocation is forwarded once, signed, with the event as its body")
    func forwardedOnce() throws {
        let ledger = try ledger()
        let backend = ScriptedBackend()
        try revoke(ledger)
        let forwarder = forwarder(ledger, backend)
        while try forwarder.runOnce() > 0 {}
        let received = backend.received.withLock { $0 }
        #expect(received.count == 1)
        let event = try JSONSerialization.jsonObject(with: Data(received[0].body)) as? [String: Any]
        #expect(event?["kind"] as? String == "consentRevoked")
        #expect(event?["accountId"] as? String == "alice")
        let timestamp = Int64(received[0].headers[EventSignature.timestampHeader] ?? "") ?? 0
        #expect(
            EventSignature.isValid(
                received[0].headers[EventSignature.signatureHeader] ?? "", secret: Self.secret, timestamp: timestamp,
                body: received[0].body))
        #expect(try ledger.outboxCounts()[.delivered] == 1)
    }

    @Test("a failing backend is retried, then the event is parked as dead and can be re-queued")
    func retriesThenDead() throws {
        let ledger = try ledger()
        try revoke(ledger)
        let failing = ScriptedBackend(fallback: 500)
        let forwarder = forwarder(ledger, failing, maxAttempts: 3)
        while try forwarder.runOnce() > 0 {}
        #expect(failing.received.withLock { $0.count } == 3)
        let dead = try ledger.outboxItems(state: .dead)
        #expect(dead.count == 1)
        #expect(dead.first?.lastError?.contains("HTTP 500") == true)
        #expect(try ledger.requeueDead(bundleId: nil, at: 100) == 1)
        let recovered = ScriptedBackend(statuses: [503], fallback: 200)
        let second = self.forwarder(ledger, recovered, maxAttempts: 3)
        while try second.runOnce() > 0 {}
        #expect(recovered.received.withLock { $0.count } == 2)
        #expect(try ledger.outboxCounts()[.delivered] == 1)
        #expect(try ledger.outboxCounts()[.dead] == 0)
    }

    @Test("stored notifications are forwarded only when the app asks for all of them")
    func allNotifications() throws {
        for all in [false, true] {
            let ledger = try ledger(allNotifications: all)
            try revoke(ledger)
            let kinds = try ledger.outboxItems(state: .pending).map(\.kind)
            #expect(kinds.contains("consentRevoked"))
            #expect(kinds.contains("notificationStored") == all)
        }
    }

    @Test("two forwarders on one ledger never send the same event twice")
    func concurrentForwarders() throws {
        let ledger = try ledger()
        for index in 0..<20 { try revoke(ledger, account: "a\(index)", appTransactionId: "AT-\(index)") }
        let backend = ScriptedBackend()
        let first = forwarder(ledger, backend)
        let second = forwarder(ledger, backend)
        DispatchQueue.concurrentPerform(iterations: 2) { index in
            let forwarder = index == 0 ? first : second
            while (try? forwarder.runOnce(limit: 3)) ?? 0 > 0 {}
        }
        let ids = backend.received.withLock { $0.compactMap { $0.headers["AgeKit-Event-Id"] } }
        #expect(ids.count == 20)
        #expect(Set(ids).count == 20)
    }

    @Test("a backend that hangs never slows POST /v2/notifications")
    func slowBackend() throws {
        let fixture = try ResponderFixture()
        let gate = DispatchSemaphore(value: 0)
        let backend = ScriptedBackend(gate: gate)
        let ledger = try Ledger(
            store: SQLiteStore(path: ":memory:"),
            forwarding: ForwardingRules([Self.bundleId: .init(allNotifications: true)]))
        let responder = ConsentResponder(
            verifier: SignedDataVerifier(anchors: [fixture.ca.rootAnchor]),
            apps: [AppConfiguration(bundleId: Self.bundleId, environments: ["LocalTesting"])], ledger: ledger,
            adminToken: ResponderFixture.token)
        let forwarder = forwarder(ledger, backend)
        forwarder.start()
        defer {
            for _ in 0..<64 { gate.signal() }
            forwarder.stop()
        }
        for _ in 0..<5 {
            let done = DispatchSemaphore(value: 0)
            let status = Mutex(0)
            let body = ResponderFixture.body(["signedPayload": try fixture.notification("SUBSCRIBED")])
            responder.respond(to: HTTPRequest(method: "POST", path: "/v2/notifications", body: body)) { response in
                status.withLock { $0 = response.status }
                done.signal()
            }
            #expect(done.wait(timeout: .now() + 5) == .success)
            #expect(status.withLock { $0 } == 200)
        }
        #expect(backend.received.withLock { $0.isEmpty })
    }
}
