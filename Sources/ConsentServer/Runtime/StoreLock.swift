import ConsentLedger
import Foundation

/// One `agekit serve` per SQLite file: a second one beside it would compete for the writer
/// lock and answer 503s in turn, without a word about why. Held as an advisory lock on
/// `PATH.lock` for as long as the process lives (the system drops it when the process ends,
/// however it ends). `agekit events` and `history` read the same file freely; PostgreSQL takes
/// as many instances as you like.
final class StoreLock: Sendable {
    private let descriptor: Int32

    private init(descriptor: Int32) { self.descriptor = descriptor }

    deinit { close(descriptor) }

    /// Nil for stores that take several servers (PostgreSQL, an in-memory SQLite database).
    static func take(_ storeURL: String) throws(ServerError) -> StoreLock? {
        guard case .sqlite(let path)? = try? StoreURL(parsing: storeURL, environment: [:]), path != ":memory:" else {
            return nil
        }
        let lockPath = path + ".lock"
        let descriptor = open(lockPath, O_CREAT | O_RDWR | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw ServerError(
                .startupFailed, "cannot create the lock file \(lockPath): \(String(cString: strerror(errno)))")
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            throw ServerError(
                .startupFailed,
                "another agekit serve is using \(path) (it holds \(lockPath)): stop it, or give this one a store of its own"
            )
        }
        return StoreLock(descriptor: descriptor)
    }
}
