/// When a failed delivery is tried again: exponential backoff with jitter, then dead.
package struct RetrySchedule: Sendable, Equatable {
    package var maxAttempts: Int
    package var baseDelaySeconds: Double
    package var maxDelaySeconds: Double

    package init(maxAttempts: Int = 8, baseDelaySeconds: Double = 2, maxDelaySeconds: Double = 3600) {
        self.maxAttempts = maxAttempts
        self.baseDelaySeconds = baseDelaySeconds
        self.maxDelaySeconds = maxDelaySeconds
    }

    /// The delay after `attempts` failed attempts (1 = the first failure), or nil once the
    /// attempts are used up. `jitter` in 0...1 spreads retries so backends are not stampeded.
    package func delay(afterAttempts attempts: Int, jitter: Double) -> Double? {
        guard attempts < maxAttempts else { return nil }
        let exponential = baseDelaySeconds * Double(1 << min(attempts - 1, 30))
        let capped = min(maxDelaySeconds, exponential)
        return capped * (0.5 + 0.5 * min(max(jitter, 0), 1))
    }
}
