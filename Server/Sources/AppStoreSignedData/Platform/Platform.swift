#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Every call AppStoreSignedData makes to the C library, and the only file of the module that
/// imports it. The byte scans stay libc's vectorised `memchr` and `memcmp` on the hot path:
/// these wrappers are inlined away. The file calls are the local test CA's, which several
/// processes may create at the same moment.
enum Platform {
    /// The offset of the first `byte` among `count` bytes at `start`, nil when absent
    /// (`memchr`): how a JWS is split at its dots.
    @inline(__always)
    static func offset(of byte: UInt8, in start: UnsafeRawPointer, count: Int) -> Int? {
        guard let found = memchr(start, Int32(byte), count) else { return nil }
        return start.distance(to: UnsafeRawPointer(found))
    }

    /// Whether `count` bytes at `left` and at `right` are the same (`memcmp`): how a header
    /// segment is matched with a cached or refused one.
    @inline(__always)
    static func sameBytes(_ left: UnsafeRawPointer, _ right: UnsafeRawPointer, count: Int) -> Bool {
        memcmp(left, right, count) == 0
    }

    /// Seconds since 1970 of a civil time in UTC (`timegm`): a certificate's validity bounds.
    static func secondsSince1970(utc parts: inout tm) -> Int64 {
        Int64(timegm(&parts))
    }

    // MARK: Files

    /// An exclusive advisory lock on the directory itself (`flock`, so no lock file is left
    /// beside what it guards), waiting while another process holds it: the descriptor to close
    /// to release it, or the `errno` of the failure.
    static func lockDirectory(_ path: String) -> Result<Int32, FileFailure> {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(FileFailure(code: errno)) }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else {
                let code = errno
                close(descriptor)
                return .failure(FileFailure(code: code))
            }
        }
        return .success(descriptor)
    }

    static func closeDescriptor(_ descriptor: Int32) {
        _ = close(descriptor)
    }

    /// Writes `bytes` to a new file beside `path` with `mode`, flushes it to disk, then renames
    /// it onto `path`: a reader sees the old file or the whole new one, never a part.
    static func replaceWhole(_ path: String, bytes: [UInt8], mode: UInt32) -> FileFailure? {
        var random = SystemRandomNumberGenerator()
        let temporary = path + ".tmp-" + String(random.next(), radix: 16)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode_t(mode))
        guard descriptor >= 0 else { return FileFailure(code: errno) }
        var failure: FileFailure?
        // fchmod: the mode exactly, whatever the umask.
        if fchmod(descriptor, mode_t(mode)) != 0 { failure = FileFailure(code: errno) }
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while failure == nil && offset < raw.count {
                let written = write(descriptor, raw.baseAddress! + offset, raw.count - offset)
                if written > 0 {
                    offset += written
                } else if written < 0 && errno != EINTR {
                    failure = FileFailure(code: errno)
                }
            }
        }
        if failure == nil && fsync(descriptor) != 0 { failure = FileFailure(code: errno) }
        close(descriptor)
        if failure == nil && rename(temporary, path) != 0 { failure = FileFailure(code: errno) }
        if failure != nil { unlink(temporary) }
        return failure
    }
}

/// A failed file call: its `errno`, and the system's words for it.
struct FileFailure: Error {
    var code: Int32
    var reason: String { String(cString: strerror(code)) }
}
