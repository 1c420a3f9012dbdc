import ConsentLedger
import Foundation

/// One `agekit serve` per SQLite file: a second one beside it would compete for the writer
/// lock and answer 503s in turn, without a word about why. Held as an advisory lock on
/// `PATH.lock` for as long as the process lives (the system drops it when the process ends,
/// however it ends). `agekit events` and `history` read the same file freely; PostgreSQL takes
/// as many instances as you like.
package final class StoreLock: Sendable {
    private let descriptor: Int32

    private init(descriptor: Int32) { self.descriptor = descriptor }

    deinit { Platform.closeDescriptor(descriptor) }

    /// Nil for stores that take several servers (PostgreSQL, an in-memory SQLite database).
    static func take(_ storeURL: String) throws(ServerError) -> StoreLock? {
        guard case .sqlite(let path)? = try? StoreURL(parsing: storeURL, environment: [:]), path != ":memory:" else {
            return nil
        }
        let lockPath = path + ".lock"
        switch Platform.lockExclusively(lockPath) {
        case .held(let descriptor):
            return StoreLock(descriptor: descriptor)
        case .failed(let code):
            throw ServerError(
                .startupFailed, "cannot create the lock file \(lockPath): \(Platform.describe(error: code))")
        case .taken:
            throw ServerError(
                .startupFailed,
                "another agekit serve is using \(path) (it holds \(lockPath)): stop it, or give this one a store of its own"
            )
        }
    }

    /// The lock file of `storeURL` when a running serve holds it (for `agekit check`); nil when
    /// none does or the store takes several servers.
    package static func heldLockFile(_ storeURL: String) -> String? {
        guard case .sqlite(let path)? = try? StoreURL(parsing: storeURL, environment: [:]), path != ":memory:" else {
            return nil
        }
        return Platform.lockIsTaken(path + ".lock") ? path + ".lock" : nil
    }
}
