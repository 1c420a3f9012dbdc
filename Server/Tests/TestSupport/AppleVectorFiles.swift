import Foundation

/// Where the real Apple-signed vectors are kept: `<repository>/../shared/vectors/apple-real`.
/// Nil in a user's clone, where the tests that need them skip, saying so.
public enum AppleVectorFiles {
    public static let directory: URL? = {
        let vectors = Repository.root.deletingLastPathComponent().appendingPathComponent("shared/vectors/apple-real")
        return FileManager.default.fileExists(atPath: vectors.appendingPathComponent("index.json").path) ? vectors : nil
    }()

    /// The text of every `.jws` file there, by file name.
    public static func signedData() -> [(file: String, jws: String)] {
        guard let directory,
            let files = try? FileManager.default.contentsOfDirectory(atPath: directory.path)
        else { return [] }
        return files.filter { $0.hasSuffix(".jws") }.sorted().compactMap { file in
            guard let text = try? String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8) else {
                return nil
            }
            return (file, text.trimmingCharacters(in: .whitespacesAndNewlines))
        }
    }
}
