import Foundation

/// The writes a store has accepted and not yet run: any thread submits, the store's writer
/// threads take them in batches, and results go back to the callers on a dispatch queue, so
/// that a writer only runs SQL and commits.
final class WriteQueue: @unchecked Sendable {
    // `pending` and `closing` are guarded by `condition`.
    private let condition = NSCondition()
    private var pending: [any PendingWrite] = []
    private var closing = false
    private let completions: DispatchQueue

    init(label: String) {
        completions = DispatchQueue(label: label, attributes: .concurrent)
    }

    /// Queues a write, or fails it at once when the store is closing.
    func submit<T: Sendable>(
        _ body: @escaping @Sendable (any SQLConnection) throws -> T,
        completion: @escaping @Sendable (Result<T, LedgerError>) -> Void
    ) {
        // Made before the lock is taken: the one allocation a write costs the queue.
        let write = TypedWrite(body: body, completion: completion)
        condition.lock()
        guard !closing else {
            condition.unlock()
            write.fail(LedgerError(.unavailable, "the store is closing"))
            return
        }
        pending.append(write)
        condition.broadcast()
        condition.unlock()
    }

    /// Waits for writes, then takes up to `limit` of them in order; nil once closing and
    /// drained.
    func nextBatch(limit: Int) -> [any PendingWrite]? {
        condition.lock()
        defer { condition.unlock() }
        while pending.isEmpty && !closing { condition.wait() }
        if pending.isEmpty { return nil }
        let batch = Array(pending.prefix(limit))
        pending.removeFirst(batch.count)
        return batch
    }

    /// Hands each write its result, off the calling (writer) thread: a committed write its
    /// value, a failed one its error.
    func complete(_ batch: [any PendingWrite], with results: [Result<WriteDelivery, LedgerError>]) {
        completions.async {
            for (write, result) in zip(batch, results) {
                switch result {
                case .success(let deliver): deliver()
                case .failure(let error): write.fail(error)
                }
            }
        }
    }

    /// Fails every write of a batch that no transaction ran, off the calling thread.
    func fail(_ batch: [any PendingWrite], with error: LedgerError) {
        completions.async {
            for write in batch { write.fail(error) }
        }
    }

    /// Refuses new writes; the writers drain what is queued, then get nil.
    func close() {
        condition.lock()
        closing = true
        condition.broadcast()
        condition.unlock()
    }
}
