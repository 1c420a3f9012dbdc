import Foundation
import Synchronization

/// A bound on how long a caller waits for a commit. Storage that stalls (a frozen file
/// system, a stopped database server) would otherwise hold every request, and the
/// connection carrying it, for the whole stall. Past the deadline the caller gets
/// `store_timeout` (503: Apple delivers again later). The write itself is not cancelled: if
/// it commits after all, the next delivery of the same UUID is a harmless duplicate.
public struct CommitDeadline: Sendable {
    public let seconds: Double

    public init(seconds: Double) { self.seconds = seconds }

    /// `completion` wrapped so that it runs exactly once: with the result, or with
    /// `store_timeout` once the deadline has passed, whichever comes first.
    func guarding<T: Sendable>(
        _ completion: @escaping @Sendable (Result<T, LedgerError>) -> Void
    ) -> @Sendable (Result<T, LedgerError>) -> Void {
        guard seconds > 0, seconds.isFinite else { return completion }
        let once = Once()
        let limit = seconds
        DispatchQueue.global().asyncAfter(deadline: .now() + limit) {
            guard once.claim() else { return }
            completion(
                .failure(LedgerError(.timedOut, "the store did not commit within \(Int(limit * 1000)) ms")))
        }
        return { result in
            guard once.claim() else { return }
            completion(result)
        }
    }

    private final class Once: Sendable {
        private let done = Atomic<Bool>(false)
        func claim() -> Bool { !done.exchange(true, ordering: .acquiringAndReleasing) }
    }
}
