internal import CSQLite
import Foundation

/// A VFS over SQLite's default one that gathers the WAL's contiguous writes in memory and
/// hands them to the file in one `pwrite` before anything else touches it.
///
/// SQLite writes each WAL frame as two writes (a 24-byte header, then the page): a commit
/// of a batch of notifications is some 150 system calls, most of the writer's kernel time.
/// Gathered, it is three or four. Nothing is acknowledged earlier: the store runs with
/// `synchronous=FULL`, so every commit syncs the WAL, and the sync writes what is gathered
/// first. SQLite publishes frames to other connections (the WAL index) only after that
/// sync, so readers never miss gathered bytes. A write that fails when gathered bytes are
/// written fails the sync, and with it the commit.
///
/// Only the WAL file is wrapped; the database and its shared-memory index are the default
/// VFS's files, untouched. Only the store's writer connection opens through this VFS.
enum WALGatheringVFS {
    static let name = "agekit-wal-gathering"

    /// Registered once per process; nil when SQLite has no default VFS to wrap.
    static let registeredName: String? = register() ? name : nil

    /// Bytes gathered at most before they are written: the default VFS writes at most
    /// 128 KiB - 1 bytes in one call (it masks the length with 0x1ffff), so 31 pages.
    static let capacity = 31 * 4096

    private static func register() -> Bool {
        guard let base = sqlite3_vfs_find(nil) else { return false }
        let vfs = UnsafeMutablePointer<sqlite3_vfs>.allocate(capacity: 1)  // lives as long as the process
        vfs.initialize(to: base.pointee)
        vfs.pointee.pNext = nil
        vfs.pointee.zName = UnsafePointer(strdup(name))
        vfs.pointee.szOsFile = Int32(GatheredFile.headerSize) + base.pointee.szOsFile
        vfs.pointee.xOpen = { _, path, file, flags, outFlags in
            guard let file, let base = sqlite3_vfs_find(nil), let open = base.pointee.xOpen else { return SQLITE_ERROR }
            // Not the WAL: the default VFS's file, at the start of SQLite's allocation, so
            // SQLite calls its methods directly.
            guard flags & SQLITE_OPEN_WAL != 0 else { return open(base, path, file, flags, outFlags) }
            let status = open(base, path, GatheredFile.inner(file), flags, outFlags)
            guard status == SQLITE_OK else {
                file.pointee.pMethods = nil
                return status
            }
            GatheredFile.attach(GatheredWrites(), to: file)
            file.pointee.pMethods = UnsafePointer(GatheredFile.methods)
            return SQLITE_OK
        }
        return sqlite3_vfs_register(vfs, 0) == SQLITE_OK
    }
}

/// The bytes gathered for one WAL file: a run starting at `start`.
final class GatheredWrites {
    let storage = UnsafeMutableRawPointer.allocate(byteCount: WALGatheringVFS.capacity, alignment: 16)
    var start: Int64 = 0
    var count = 0

    deinit { storage.deallocate() }
}

/// The layout of a wrapped WAL file: SQLite's `sqlite3_file` (the methods pointer), the
/// ``GatheredWrites`` (retained), then the default VFS's file.
enum GatheredFile {
    static let headerSize = 16

    static func inner(_ file: UnsafeMutablePointer<sqlite3_file>) -> UnsafeMutablePointer<sqlite3_file> {
        UnsafeMutableRawPointer(file).advanced(by: headerSize).assumingMemoryBound(to: sqlite3_file.self)
    }

    static func attach(_ writes: GatheredWrites, to file: UnsafeMutablePointer<sqlite3_file>) {
        UnsafeMutableRawPointer(file).storeBytes(
            of: Unmanaged.passRetained(writes).toOpaque(), toByteOffset: 8, as: UnsafeMutableRawPointer.self)
    }

    private static func writes(_ file: UnsafeMutablePointer<sqlite3_file>) -> Unmanaged<GatheredWrites> {
        Unmanaged.fromOpaque(UnsafeMutableRawPointer(file).load(fromByteOffset: 8, as: UnsafeMutableRawPointer.self))
    }

    private static func innerMethods(_ file: UnsafeMutablePointer<sqlite3_file>) -> sqlite3_io_methods {
        inner(file).pointee.pMethods.pointee
    }

    /// Writes what is gathered; the first thing every method but `xWrite` does.
    static func flush(_ file: UnsafeMutablePointer<sqlite3_file>) -> Int32 {
        let writes = writes(file).takeUnretainedValue()
        guard writes.count > 0 else { return SQLITE_OK }
        let (start, count) = (writes.start, writes.count)
        writes.count = 0
        return innerMethods(file).xWrite(inner(file), writes.storage, Int32(count), start)
    }

    static func write(
        _ file: UnsafeMutablePointer<sqlite3_file>, _ data: UnsafeRawPointer, _ amount: Int32, _ offset: Int64
    ) -> Int32 {
        let writes = writes(file).takeUnretainedValue()
        let size = Int(amount)
        if writes.count > 0, offset == writes.start + Int64(writes.count),
            writes.count + size <= WALGatheringVFS.capacity
        {
            (writes.storage + writes.count).copyMemory(from: data, byteCount: size)
            writes.count += size
            return SQLITE_OK
        }
        let flushed = flush(file)
        guard flushed == SQLITE_OK else { return flushed }
        guard size <= WALGatheringVFS.capacity / 2 else {
            return innerMethods(file).xWrite(inner(file), data, amount, offset)
        }
        writes.storage.copyMemory(from: data, byteCount: size)
        (writes.start, writes.count) = (offset, size)
        return SQLITE_OK
    }

    /// `operation` on the default VFS's file and its methods, once what is gathered is written.
    private static func flushed(
        _ file: UnsafeMutablePointer<sqlite3_file>?,
        _ operation: (UnsafeMutablePointer<sqlite3_file>, sqlite3_io_methods) -> Int32
    ) -> Int32 {
        guard let file else { return SQLITE_MISUSE }
        let status = flush(file)
        guard status == SQLITE_OK else { return status }
        return operation(inner(file), innerMethods(file))
    }

    /// `operation` on the default VFS's file and its methods; gathered bytes may wait.
    private static func forwarded(
        _ file: UnsafeMutablePointer<sqlite3_file>?,
        _ operation: (UnsafeMutablePointer<sqlite3_file>, sqlite3_io_methods) -> Int32
    ) -> Int32 {
        guard let file else { return SQLITE_MISUSE }
        return operation(inner(file), innerMethods(file))
    }

    /// Version 1 methods: SQLite maps and locks only the database file, never its WAL.
    nonisolated(unsafe) static let methods: UnsafeMutablePointer<sqlite3_io_methods> = {
        let methods = UnsafeMutablePointer<sqlite3_io_methods>.allocate(capacity: 1)
        methods.initialize(to: sqlite3_io_methods())
        methods.pointee.iVersion = 1
        methods.pointee.xClose = { file in
            guard let file else { return SQLITE_MISUSE }
            let flushed = flush(file)
            let closed = innerMethods(file).xClose(inner(file))
            writes(file).release()
            file.pointee.pMethods = nil
            return flushed != SQLITE_OK ? flushed : closed
        }
        methods.pointee.xRead = { file, buffer, amount, offset in
            flushed(file) { inner, methods in methods.xRead(inner, buffer, amount, offset) }
        }
        methods.pointee.xWrite = { file, data, amount, offset in
            guard let file, let data else { return SQLITE_MISUSE }
            return write(file, data, amount, offset)
        }
        methods.pointee.xTruncate = { file, size in
            flushed(file) { inner, methods in methods.xTruncate(inner, size) }
        }
        methods.pointee.xSync = { file, flags in
            flushed(file) { inner, methods in methods.xSync(inner, flags) }
        }
        methods.pointee.xFileSize = { file, size in
            flushed(file) { inner, methods in methods.xFileSize(inner, size) }
        }
        methods.pointee.xLock = { file, level in
            forwarded(file) { inner, methods in methods.xLock(inner, level) }
        }
        methods.pointee.xUnlock = { file, level in
            forwarded(file) { inner, methods in methods.xUnlock(inner, level) }
        }
        methods.pointee.xCheckReservedLock = { file, result in
            forwarded(file) { inner, methods in methods.xCheckReservedLock(inner, result) }
        }
        methods.pointee.xFileControl = { file, operation, argument in
            flushed(file) { inner, methods in methods.xFileControl(inner, operation, argument) }
        }
        methods.pointee.xSectorSize = { file in
            guard let file else { return 4096 }
            return innerMethods(file).xSectorSize(inner(file))
        }
        methods.pointee.xDeviceCharacteristics = { file in
            guard let file else { return 0 }
            return innerMethods(file).xDeviceCharacteristics(inner(file))
        }
        return methods
    }()
}
