import Foundation

/// Writes a whole file or nothing: Foundation's atomic write puts the bytes in a temporary
/// file beside the target and renames it over the target, so a reader never sees half a report.
enum ExploreFile {
    static func write(_ data: Data, to path: String) throws(CLIError) {
        do {
            try data.write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw .failure(code: "output_unwritable", message: "cannot write '\(path)': \(error.localizedDescription)")
        }
    }

    /// Refuses, before a sweep that can take seconds, a report path whose folder is missing or
    /// not writable, or that names a folder: the error then comes at once, not after the sweep.
    static func checkWritable(_ path: String, option: String) throws(CLIError) {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        let manager = FileManager.default
        var isFolder: ObjCBool = false
        guard manager.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            throw .failure(
                code: "output_unwritable", message: "\(option) '\(path)': the folder '\(folder)' does not exist")
        }
        if manager.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
            throw .failure(code: "output_unwritable", message: "\(option) '\(path)' is a folder, not a file")
        }
        guard manager.isWritableFile(atPath: folder) else {
            throw .failure(
                code: "output_unwritable", message: "\(option) '\(path)': the folder '\(folder)' is not writable")
        }
    }
}
