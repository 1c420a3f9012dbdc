/// Failed admin authentications, limited per client address. Each address may fail `burst`
/// times, then once per `refill` seconds; past that a request from it with a wrong token is
/// answered 429 until the allowance refills. The right token is always answered: the
/// caller compares it first, so one stale client behind the operator's proxy cannot lock
/// the operator out (a configured token has 128 bits or more, which no rate of guesses
/// reaches).
///
/// A pure state machine: the caller passes the time, so tests drive it. At most `capacity`
/// addresses are tracked; the one whose allowance is fullest is dropped first.
struct AuthenticationLimit: Sendable {
    struct Bucket: Sendable {
        var failures: Double
        var at: Double
    }

    let burst: Double
    let refill: Double
    let capacity: Int
    private var buckets: [[UInt8]: Bucket] = [:]

    init(burst: Int = 10, refill: Double = 1, capacity: Int = 4_096) {
        self.burst = Double(max(1, burst))
        self.refill = max(0.001, refill)
        self.capacity = max(1, capacity)
    }

    /// Nil when `client` may try; otherwise the whole seconds until it may again.
    func retryAfter(_ client: [UInt8], now: Double) -> Int? {
        guard let bucket = buckets[client] else { return nil }
        // Another failure would go past the burst: wait until one has drained.
        let excess = drained(bucket, now) + 1 - burst
        guard excess > 0 else { return nil }
        return max(1, Int((excess * refill).rounded(.up)))
    }

    /// A request from `client` failed to authenticate.
    mutating func failed(_ client: [UInt8], now: Double) {
        let failures = buckets[client].map { drained($0, now) } ?? 0
        if buckets[client] == nil && buckets.count >= capacity { evict(now) }
        buckets[client] = Bucket(failures: failures + 1, at: now)
    }

    /// The failures still counted at `now`: one drains each `refill` seconds.
    private func drained(_ bucket: Bucket, _ now: Double) -> Double {
        max(0, bucket.failures - max(0, now - bucket.at) / refill)
    }

    private mutating func evict(_ now: Double) {
        guard let fullest = buckets.min(by: { drained($0.value, now) < drained($1.value, now) })?.key else { return }
        buckets[fullest] = nil
    }
}
