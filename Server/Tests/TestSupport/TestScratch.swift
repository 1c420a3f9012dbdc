import Foundation

/// Where tests put their files: one directory per test process, removed when it exits, so a
/// run leaves nothing behind in the system's temporary directory.
public enum TestScratch {
    /// `<temporary directory>/agekit-tests-<pid>`, created on first use.
    public static let root: URL = {
        let url = directory(for: getpid())
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(at: TestScratch.directory(for: getpid())) }
        return url
    }()

    static func directory(for process: pid_t) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("agekit-tests-\(process)")
    }
}
