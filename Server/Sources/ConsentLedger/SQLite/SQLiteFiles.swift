import Foundation

/// The database file and the WAL and shared-memory files beside it, as the store opened
/// them. A file deleted or replaced under a running store goes on taking writes through the
/// descriptors still open on it, and those writes are gone at the next start: so before a
/// commit is acknowledged, each path must still name the file (device and inode) that was
/// open when the store last checked.
struct SQLiteFiles {
    struct Identity: Equatable {
        let device: UInt64
        let inode: UInt64
    }

    let path: String
    private var known: [String: Identity] = [:]

    init(path: String) { self.path = path }

    var paths: [String] { [path, path + "-wal", path + "-shm"] }

    /// Creates the database file readable by its owner only (SQLite gives the WAL and
    /// shared-memory files the database file's mode), and takes group and other access away
    /// from files an earlier version created. A file that cannot be changed (read-only or
    /// immutable) is left as it is: opening it tells what is wrong.
    static func prepare(path: String) {
        let descriptor = open(path, O_CREAT | O_RDONLY | O_CLOEXEC, 0o600)
        if descriptor >= 0 { close(descriptor) }
        for file in [path, path + "-wal", path + "-shm"] {
            var status = stat()
            guard stat(file, &status) == 0, status.st_mode & 0o077 != 0 else { continue }
            _ = chmod(file, status.st_mode & 0o700)
        }
    }

    /// Remembers the files there now; a file that does not exist yet (the WAL before the
    /// first write) is remembered once it does.
    mutating func remember() {
        for file in paths where known[file] == nil {
            if let identity = Self.identity(of: file) { known[file] = identity }
        }
    }

    mutating func forget() { known = [:] }

    /// Why the shared-memory index beside `path` cannot be written now (an immutable file, a
    /// read-only mount, no permission), or nil. SQLite maps that file and writes to the mapping
    /// for every transaction, reads included: once the file is immutable such a write kills
    /// the process with SIGBUS where a write call would only fail. So nothing touches the
    /// store's connections while this says why.
    static func unwritableIndex(path: String) -> String? {
        let file = path + "-shm"
        guard access(file, W_OK) != 0 else { return nil }
        let code = errno
        return code == ENOENT ? nil : "\(file) cannot be written (\(String(cString: strerror(code))))"
    }

    /// Why the files are no longer the ones opened, or nil while they are.
    func replaced() -> String? {
        for file in paths {
            guard let expected = known[file] else { continue }
            guard let current = Self.identity(of: file) else { return "\(file) was deleted while open" }
            if current != expected { return "\(file) was replaced by another file while open" }
        }
        return nil
    }

    private static func identity(of file: String) -> Identity? {
        var status = stat()
        guard stat(file, &status) == 0 else { return nil }
        return Identity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
    }
}
