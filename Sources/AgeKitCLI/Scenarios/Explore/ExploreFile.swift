import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes a whole file or nothing: the bytes go to a temporary file beside the target,
/// which is then renamed over it, so a reader never sees half a report.
enum ExploreFile {
    static func write(_ data: Data, to path: String) throws(CLIError) {
        let target = URL(fileURLWithPath: path)
        let temporary = target.deletingLastPathComponent()
            .appendingPathComponent(".\(target.lastPathComponent).\(getpid()).tmp")
        do {
            try data.write(to: temporary)
        } catch {
            throw .failure(code: "output_unwritable", message: "cannot write '\(path)': \(error.localizedDescription)")
        }
        guard rename(temporary.path, target.path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temporary)
            throw .failure(code: "output_unwritable", message: "cannot write '\(path)': \(reason)")
        }
    }

}
