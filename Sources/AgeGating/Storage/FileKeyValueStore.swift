import Foundation

/// A store with one small file per key in a directory, written atomically.
public struct FileKeyValueStore: KeyValueStore {
    /// The directory that holds one file per key.
    public let directory: URL

    /// Uses `directory`, created on the first write.
    public init(directory: URL) {
        self.directory = directory
    }

    /// Keys become file names: anything but letters, digits, '.', '-' and '_' becomes '_'.
    func url(forKey key: String) -> URL {
        let safe = String(
            key.unicodeScalars.map { scalar -> Character in
                let allowed = scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar))
                return allowed || scalar == "." || scalar == "-" || scalar == "_" ? Character(scalar) : "_"
            })
        return directory.appendingPathComponent(safe.isEmpty ? "_" : safe)
    }

    public func string(forKey key: String) -> String? {
        guard let data = try? Data(contentsOf: url(forKey: key)) else { return nil }
        return String(data: data, encoding: .utf8)
    }

    public func set(_ value: String?, forKey key: String) throws(AgeGatingError) {
        let url = url(forKey: key)
        do {
            guard let value else {
                if FileManager.default.fileExists(atPath: url.path) { try FileManager.default.removeItem(at: url) }
                return
            }
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data(value.utf8).write(to: url, options: .atomic)
        } catch {
            throw AgeGatingError(.storageFailed, "cannot write '\(key)' under \(directory.path): \(error)")
        }
    }
}
