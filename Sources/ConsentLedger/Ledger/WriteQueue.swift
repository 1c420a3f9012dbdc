import Foundation

/// The writes a store has accepted and not yet run: any thread submits, the store's writer
/// threads take them in batches, and results go back to the callers on a dispatch queue, so
/// that a writer only runs SQL and commits.
final class WriteQueue: @unchecked Sendable {
    // `pending` and `closing` are guarded by `condition`.
    private let condition = NSCondition()
    private var pending: [PendingWrite] = []
    private var closing = false
    private let completions: DispatchQueue

    init(label: String) {
        completions = DispatchQueue(label: label, attributes: .concurrent)
    }

    /// Queues a write, or fails it at once when the store is closing.
    func submit(
        _ body: @escaping @Sendable (any SQLConnection) throws -> any Sendable,
        completion: @escaping @Sendable (Result<any Sendable, LedgerError>) -> Void
    ) {
        condition.lock()
        guard !closing else {
            condition.unlock()
            completion(.failure(LedgerError(.unavailable, "the store is closing")))
            return
        }
        pending.append(PendingWrite(body: body, completion: completion))
        condition.broadcast()
        condition.unlock()
    }

    /// Waits for writes, then takes up to `limit` of them in order; nil once closing and
    /// drained.
    func nextBatch(limit: Int) -> [PendingWrite]? {
        condition.lock()
        defer { condition.unlock() }
        while pending.isEmpty && !closing { condition.wait() }
        if pending.isEmpty { return nil }
        let batch = Array(pending.prefix(limit))
        pending.removeFirst(batch.count)
        return batch
    }

    /// Hands each write its result, off the calling (writer) thread.
    func complete(_ batch: [PendingWrite], with results: [Result<any Sendable, LedgerError>]) {
        let finished: [@Sendable () -> Void] = zip(batch, results).map { write, result in
            { write.completion(result) }
        }
        completions.async { finished.forEach { $0() } }
    }

    /// Refuses new writes; the writers drain what is queued, then get nil.
    func close() {
        condition.lock()
        closing = true
        condition.broadcast()
        condition.unlock()
    }
}

struct PendingWrite {
    let body: @Sendable (any SQLConnection) throws -> any Sendable
    let completion: @Sendable (Result<any Sendable, LedgerError>) -> Void
}
