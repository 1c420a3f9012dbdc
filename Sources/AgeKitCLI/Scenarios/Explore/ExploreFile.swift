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
}
