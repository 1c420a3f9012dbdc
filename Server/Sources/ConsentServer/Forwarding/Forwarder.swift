import ConsentLedger
import Foundation
import ServerTime

/// Delivers outbox events to each app's backend, at least once: claims due items with a
/// lease, POSTs them signed, marks them delivered, or schedules a retry with backoff and
/// jitter until the attempts run out and the item is parked as dead. Runs on its own
/// threads, so a slow or failing backend never slows `POST /v2/notifications`.
package final class Forwarder: Sendable {
    package struct Target: Sendable, Equatable {
        package var url: URL
        package var secret: String
        /// The secret being replaced, signed with too until `previousSecretUntil` (ms since 1970).
        package var previousSecret: String?
        package var previousSecretUntil: Int64?
        package var timeoutSeconds: Double
        package var schedule: RetrySchedule

        package init(
            url: URL, secret: String, previousSecret: String? = nil, previousSecretUntil: Int64? = nil,
            timeoutSeconds: Double = 10, schedule: RetrySchedule = RetrySchedule()
        ) {
            self.url = url
            self.secret = secret
            self.previousSecret = previousSecret
            self.previousSecretUntil = previousSecretUntil
            self.timeoutSeconds = timeoutSeconds
            self.schedule = schedule
        }

        /// The secrets an event sent at `now` (ms since 1970) is signed with.
        package func secrets(at now: Int64) -> [String] {
            guard let previousSecret, let until = previousSecretUntil, now < until else { return [secret] }
            return [secret, previousSecret]
        }
    }

    let ledger: Ledger
    private let targets: [String: Target]
    private let client: any HTTPClient
    let clock: any ServerClock
    private let workers: Int
    private let idleSeconds: Double
    private let jitter: @Sendable () -> Double
    private let state = LockedBox(State())
    private let finished = DispatchGroup()
    private let metrics: Metrics?
    let lastSuccess = LockedBox<Int64?>(nil)

    private struct State {
        var running = false
    }

    package init(
        ledger: Ledger, targets: [String: Target], client: any HTTPClient = NetworkHTTPClient(),
        clock: any ServerClock = SystemClock(), workers: Int = 2, idleSeconds: Double = 0.2, metrics: Metrics? = nil,
        jitter: @escaping @Sendable () -> Double = { Double.random(in: 0...1) }
    ) {
        self.ledger = ledger
        self.targets = targets
        self.client = client
        self.clock = clock
        self.workers = workers
        self.idleSeconds = idleSeconds
        self.metrics = metrics
        self.jitter = jitter
        if let metrics { registerGauges(metrics) }
    }

    package func start() {
        guard !state.get().running else { return }
        state.set(State(running: true))
        for index in 0..<workers {
            finished.enter()
            let thread = Thread { [self] in
                while state.get().running {
                    if (try? runOnce()) ?? 0 == 0 { Thread.sleep(forTimeInterval: idleSeconds) }
                }
                finished.leave()
            }
            thread.name = "agekit-forwarder-\(index)"
            thread.start()
        }
    }

    /// Stops after the deliveries in progress; claimed but unsent items return to the
    /// queue when their lease ends.
    package func stop() {
        guard state.get().running else { return }
        state.set(State(running: false))
        finished.wait()
    }

    /// Claims and delivers one batch; returns how many items it handled.
    @discardableResult
    package func runOnce(limit: Int = 16) throws(LedgerError) -> Int {
        let items = try ledger.claimOutbox(limit: limit, now: clock.now(), leaseMilliseconds: lease)
        for item in items {
            // The batch shares one lease; each send gets a fresh one first, so a batch that
            // outlives its lease never sends an item another worker has claimed since.
            guard try ledger.renewLease(of: item, now: clock.now(), leaseMilliseconds: lease) else { continue }
            try deliver(item)
        }
        return items.count
    }

    /// How long one claim holds an item: a send's whole timeout twice, and a margin.
    private var lease: Int64 { Int64((targets.values.map(\.timeoutSeconds).max() ?? 10) * 2_000 + 5_000) }

    private func deliver(_ item: OutboxItem) throws(LedgerError) {
        guard let target = targets[item.bundleId] else {
            try ledger.markFailed(
                item.id, error: "no forwarding target configured for \(item.bundleId)", nextAttemptAt: nil)
            return
        }
        let body = Array(item.body.utf8)
        let now = clock.now()
        let headers = EventSignature.headers(
            secrets: target.secrets(at: now), timestamp: now / 1000, body: body,
            eventId: "\(item.bundleId):\(item.eventCursor)")
        let request = HTTPClientRequest(
            "POST", target.url, headers: headers, body: body, timeoutSeconds: target.timeoutSeconds)
        let failure: String
        switch Result(catching: { () throws(ServerError) in try client.send(request) }) {
        case .success(let answer) where (200..<300).contains(answer.status):
            try ledger.markDelivered(item.id, at: clock.now())
            lastSuccess.set(clock.now())
            metrics?.increment(Self.attempts, [("bundle_id", item.bundleId), ("outcome", "delivered")])
            return
        case .success(let answer):
            failure = Self.refusal(answer, from: target.url)
        case .failure(let error):
            failure = "\(error.reason) (\(target.url.absoluteString))"
        }
        let next = target.schedule.delay(afterAttempts: item.attempts + 1, jitter: jitter()).map {
            clock.now() + Int64($0 * 1000)
        }
        try ledger.markFailed(item.id, error: failure, nextAttemptAt: next)
        metrics?.increment(Self.attempts, [("bundle_id", item.bundleId), ("outcome", next == nil ? "dead" : "retry")])
    }

    /// Why an answer other than 2xx is a failed attempt. A redirect is never followed: the
    /// signature headers would go to the new location, and a 200 there would call the event
    /// delivered although the configured backend never received it.
    static func refusal(_ answer: HTTPClientResponse, from url: URL) -> String {
        if (300..<400).contains(answer.status), let location = answer.headers["location"] {
            return "HTTP \(answer.status) redirects to \(location); redirects are not followed (\(url.absoluteString))"
        }
        return "HTTP \(answer.status) from \(url.absoluteString)"
    }
}
