import Foundation

/// The repository's folders, found from this file's place in `Server/Tests/TestSupport/`.
public enum Repository {
    /// The root: the app side's package, `docs/`, `scripts/`, `deploy/`.
    public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The server side's package, `Server/`.
    public static let server = root.appendingPathComponent("Server")

    /// A file or folder under the root, such as `docs/cli.md`.
    public static func path(_ relative: String) -> URL { root.appendingPathComponent(relative) }
}
