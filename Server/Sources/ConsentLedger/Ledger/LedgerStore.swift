import Foundation

/// Where the ledger's transactions run. SQLite and PostgreSQL implement it; the ledger's
/// SQL is the same for both.
package protocol LedgerStore: Sendable {
    var dialect: SQLDialect { get }
    /// A human description for the startup summary ("sqlite:./agekit-data/agekit.sqlite").
    var location: String { get }

    /// Runs `body` in a write transaction and calls `completion` only after the commit is
    /// durable (or failed). The store may group several writes into one commit.
    func write<T: Sendable>(
        _ body: @escaping @Sendable (any SQLConnection) throws -> T,
        completion: @escaping @Sendable (Result<T, LedgerError>) -> Void)

    /// Runs `body` on a connection that sees every committed write.
    func read<T>(_ body: (any SQLConnection) throws -> T) throws(LedgerError) -> T

    /// Applies the versioned migrations that are not applied yet.
    func migrate(_ migrations: [Migration]) throws(LedgerError)

    /// Finishes queued writes, then closes every connection. Idempotent.
    func close()
}

extension LedgerStore {
    /// A write that blocks the calling thread until it is durable.
    @discardableResult
    package func writeAndWait<T: Sendable>(
        _ body: @escaping @Sendable (any SQLConnection) throws -> T
    ) throws(LedgerError) -> T {
        let done = DispatchSemaphore(value: 0)
        let box = ResultBox<T>()
        write(body) { result in
            box.set(result)
            done.signal()
        }
        done.wait()
        return try box.get()
    }
}

/// Hands a result from the store's thread to a waiting caller.
final class ResultBox<T: Sendable>: @unchecked Sendable {
    // Written once before the semaphore signals, read once after it: no lock needed.
    private var result: Result<T, LedgerError>?
    func set(_ value: Result<T, LedgerError>) { result = value }
    func get() throws(LedgerError) -> T {
        guard let result else { throw LedgerError(.unavailable, "no result") }
        return try result.get()
    }
}
