/// Failed admin authentications, limited per client address: without a limit a client could
/// try tens of thousands of tokens a second. Each address may fail `burst` times, then once
/// per `refill` seconds; past that every admin request from it is answered 429 before its
/// token is compared (so a 429 says nothing about the token), until the allowance refills.
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
