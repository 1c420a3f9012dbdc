/// When a failed call is tried again: only for answers that may differ next time (5xx,
/// no answer at all, 429 after its `Retry-After`), a bounded number of times, with
/// exponential backoff and jitter.
package struct RetryPolicy: Sendable {
    /// Calls in all, the first included.
    package var maxAttempts: Int
    package var baseDelay: Double
    package var maxDelay: Double
    /// A `Retry-After` longer than this is not waited out: the error goes to the caller.
    package var maxRetryAfter: Double

    package init(maxAttempts: Int = 4, baseDelay: Double = 0.5, maxDelay: Double = 8, maxRetryAfter: Double = 60) {
        self.maxAttempts = max(1, maxAttempts)
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
        self.maxRetryAfter = maxRetryAfter
    }

    /// No retries at all.
    package static let never = RetryPolicy(maxAttempts: 1)

    /// Seconds to wait before attempt `attempt + 1`, or nil to give up with `error`.
    /// `jitter` is a number in 0..<1.
    package func delay(after error: AppStoreServerAPIError, attempt: Int, jitter: Double) -> Double? {
        guard attempt < maxAttempts else { return nil }
        switch error.code {
        case .rateLimited:
            let wait = error.retryAfter ?? backoff(attempt, jitter)
            return wait <= maxRetryAfter ? wait : nil
        case .serverError, .network:
            return backoff(attempt, jitter)
        default:
            return nil
        }
    }

    private func backoff(_ attempt: Int, _ jitter: Double) -> Double {
        let exponential = min(maxDelay, baseDelay * Double(1 << min(attempt - 1, 16)))
        return exponential * (0.5 + jitter / 2)
    }
}
