import Foundation
import TestSupport
import Testing

/// `agekit check` tells the whole truth, on the binary: every problem at once, a store held by
/// a running serve, where each value came from, why a file cannot be read, the key meant.
@Suite("agekit check tells the whole truth end to end")
struct CheckTruthEndToEndTests {
    static func directory() throws -> URL {
        let url = TestScratch.root.appendingPathComponent("check-truth-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test("a store held by a running serve is a FAIL, never 'ready to serve'; once it stops, check is ready again")
    func storeHeldByServe() throws {
        let server = try ServerProcess()
        let arguments = ["check", "--listen", "127.0.0.1:0", "--data-dir", server.dataDirectory.path]
        let held = try AgekitBinary.run(arguments)
        #expect(held.status == 1)
        #expect(held.out.contains("FAIL  store lock     a running agekit serve holds "), "\(held.out)")
        #expect(!held.out.contains("ready to serve"))
        #expect(server.terminate() == 0)
        let free = try AgekitBinary.run(arguments)
        #expect(free.status == 0 && free.out.contains("ready to serve"), "\(free.out)")
    }

    @Test("every problem is reported, a misspelt key gets the nearest known one, and each value names its source")
    func everyProblemAndEverySource() throws {
        let directory = try Self.directory()
        let file = directory.appendingPathComponent("agekit.json").path
        let data = directory.appendingPathComponent("data").path
        try #"{"localTesting": true, "dataDirectory": "\#(data)", "lisen": "127.0.0.1:0"}"#
            .write(toFile: file, atomically: true, encoding: .utf8)
        let run = try AgekitBinary.run(
            ["check", "--config", file, "--listen", "127.0.0.1:0"], environment: ["AGEKIT_ADMIN_TOKEN": "short"])
        #expect(run.status == 1)
        let failures = run.out.split(separator: "\n").filter { $0.hasPrefix("FAIL") }
        // The misspelt key, and the short token checked although the file did not load.
        #expect(failures.count == 2, "\(run.out)")
        #expect(failures.first?.contains("lisen: unknown field; did you mean 'listen'?") == true, "\(run.out)")
        #expect(failures.last?.contains("AGEKIT_ADMIN_TOKEN: use at least") == true, "\(run.out)")
        #expect(run.out.contains("2 problems"))

        try #"{"localTesting": true, "dataDirectory": "\#(data)"}"#.write(
            toFile: file, atomically: true, encoding: .utf8)
        let sound = try AgekitBinary.run(
            ["check", "--listen", "127.0.0.1:0"],
            environment: [
                "AGEKIT_CONFIG": file, "AGEKIT_STORE": "sqlite:" + directory.appendingPathComponent("s.sqlite").path,
            ])
        #expect(sound.status == 0, "\(sound.out)")
        for expected in [
            "value listen         127.0.0.1:0  (from flag --listen)",
            "value data directory \(data)  (from file \(file))",
            "value store          sqlite:\(directory.path)/s.sqlite  (from environment AGEKIT_STORE)",
            "value tls            none (plain HTTP)  (from default)",
        ] {
            #expect(sound.out.contains(expected), "\(expected)\n\(sound.out)")
        }
    }

    @Test("a configuration file that cannot be read says why", arguments: ["missing", "a directory", "unreadable"])
    func unreadableFile(_ fault: String) throws {
        let directory = try Self.directory()
        var path = directory.appendingPathComponent("agekit.json").path
        let reason: String
        switch fault {
        case "missing":
            reason = "No such file or directory"
        case "a directory":
            path = directory.path
            reason = "it is a directory, not a regular file"
        default:
            // root reads any file: the mode says nothing to it.
            guard getuid() != 0 else { return }
            try "{}".write(toFile: path, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: path)
            reason = "Permission denied"
        }
        let run = try AgekitBinary.run(["check", "--listen", "127.0.0.1:0", "--config", path])
        #expect(run.status == 1)
        #expect(run.out.contains("FAIL  configuration  cannot read \(path) (flag --config): \(reason)"), "\(run.out)")
        // The other checks still ran.
        #expect(run.out.contains("ok    listen"), "\(run.out)")
    }
}
