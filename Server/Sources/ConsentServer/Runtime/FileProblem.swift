import Foundation

/// What went wrong with a file, in the words of the system call that failed ("No such file or
/// directory", "Permission denied"): Foundation's own errors print as an NSCocoaErrorDomain
/// dump, or on Linux as "The operation could not be completed", which says nothing.
package enum FileProblem {
    package static func reason(_ error: any Error) -> String {
        let error = error as NSError
        if error.domain == NSPOSIXErrorDomain { return Platform.describe(error: Int32(error.code)) }
        if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return Platform.describe(error: Int32(underlying.code))
        }
        switch error.code {
        case NSFileNoSuchFileError, NSFileReadNoSuchFileError: return "No such file or directory"
        case NSFileWriteNoPermissionError, NSFileReadNoPermissionError: return "Permission denied"
        case NSFileWriteOutOfSpaceError: return "No space left on device"
        case NSFileWriteFileExistsError: return "File exists"
        case NSFileReadCorruptFileError: return "the file could not be read as expected"
        default: return error.localizedDescription
        }
    }

    /// The same for making `path`, where Foundation gives no cause at all (error 512): the
    /// nearest ancestor that exists says it, a file where a directory is needed or one that
    /// may not be written.
    package static func reason(_ error: any Error, making path: String) -> String {
        let code = (error as NSError).code
        guard (error as NSError).domain == NSCocoaErrorDomain, code == NSFileWriteUnknownError else {
            return reason(error)
        }
        var ancestor = URL(fileURLWithPath: path).deletingLastPathComponent()
        while true {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: ancestor.path, isDirectory: &isDirectory) {
                if !isDirectory.boolValue { return "\(ancestor.path) is a file, not a directory" }
                if access(ancestor.path, W_OK) != 0 { return "Permission denied (\(ancestor.path))" }
                return reason(error)
            }
            if ancestor.path == "/" || ancestor.path.isEmpty { return reason(error) }
            ancestor.deleteLastPathComponent()
        }
    }

    /// Why `path` cannot be read as a file, before trying: it does not exist, is a directory or
    /// another kind of file, or its mode keeps this user out. Nil when it can be read.
    package static func unreadable(_ path: String) -> String? {
        var status = stat()
        guard stat(path, &status) == 0 else { return Platform.describe(error: errno) }
        let kind = status.st_mode & 0o170000  // S_IFMT: S_IFDIR 0o040000, S_IFREG 0o100000
        if kind == 0o040000 { return "it is a directory, not a regular file" }
        if kind != 0o100000 { return "it is not a regular file" }
        guard access(path, R_OK) == 0 else {
            return
                "\(Platform.describe(error: errno)) (mode \(String(status.st_mode & 0o777, radix: 8)), owner uid \(status.st_uid))"
        }
        return nil
    }
}
