import AppStoreSignedData
import Foundation
import Synchronization
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// What scripts read, on the binary: one JSON value from every --json, the ready line and
/// timestamps of `events tail`, and progress on standard error for the long commands.
@Suite("output for scripts and for people end to end")
struct ScriptOutputEndToEndTests {
    static func json(_ arguments: [String]) throws -> Any {
        let run = try AgekitBinary.run(arguments + ["--json"])
        #expect(run.status == 0, "\(arguments): \(run.err)")
        #expect(run.out.split(separator: "\n").count == 1, "\(arguments): not one line: \(run.out)")
        return try JSONSerialization.jsonObject(with: Data(run.out.utf8))
    }

    @Test("--json gives one JSON value on check, prune, simulate and events status, dead and retry")
    func jsonEverywhere() async throws {
        let server = try ServerProcess()
        defer { server.terminate() }
        let store = ["--data-dir", server.dataDirectory.path]
        let ca = server.dataDirectory.appendingPathComponent("ca").path
        let signed = try #require(
            try Self.json(["simulate", "rescind", "--app-transaction-id", "4242", "--ca-dir", ca]) as? [String: Any])
        let jws = try #require(signed["signedPayload"] as? String)
        #expect(try await server.post(signedPayload: jws).status == 200)
        let posted = try #require(
            try Self.json([
                "simulate", "rescind", "--app-transaction-id", "4243", "--ca-dir", ca, "--to",
                server.baseURL.absoluteString,
            ])
                as? [String: Any])
        #expect(posted["status"] as? Int == 200 && posted["body"] is String, "\(posted)")
        let root = try #require(try Self.json(["simulate", "ca", "--ca-dir", ca]) as? [String: Any])
        #expect((root["sha256"] as? String)?.count == 95 && root["root"] as? String == ca + "/root.pem")

        let status = try #require(try Self.json(["events", "status"] + store) as? [String: Int])
        #expect(Set(status.keys) == ["pending", "delivered", "dead"], "\(status)")
        let dead = try #require(try Self.json(["events", "dead"] + store) as? [Any])
        #expect(dead.isEmpty)
        #expect(try Self.json(["events", "retry"] + store) as? [String: Int] == ["requeued": 0])
        let pruned = try #require(try Self.json(["prune"] + store) as? [String: Any])
        #expect(pruned["deliveredOutboxRows"] as? Int == 0 && pruned["payloads"] is NSNull, "\(pruned)")
        let kept = try #require(try Self.json(["prune", "--payloads-older-than", "0"] + store) as? [String: Any])
        #expect(kept["payloads"] is Int, "\(kept)")

        let check = try AgekitBinary.run(["check", "--listen", "127.0.0.1:0", "--json"] + store)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(check.out.utf8)) as? [String: Any])
        // The running serve holds the store: check says so, in JSON as in text.
        #expect(check.status == 1 && report["ready"] as? Bool == false && report["problems"] as? Int == 1)
        let verdicts = try #require(report["verdicts"] as? [[String: String]])
        #expect(verdicts.contains { $0["outcome"] == "fail" && $0["subject"] == "store lock" }, "\(verdicts)")
        let sources = try #require(report["sources"] as? [[String: String]])
        #expect(
            sources.contains {
                $0 == ["setting": "data directory", "value": server.dataDirectory.path, "from": "flag --data-dir"]
            })
    }

    @Test("events tail prints a ready line naming the cursor it resumes from, then each event with its time")
    func tailReadyLineAndTimestamps() async throws {
        let server = try ServerProcess()
        defer { server.terminate() }
        #expect(try await server.post(signedPayload: try OperatorToolsEndToEndTests.rescind(server)).status == 200)
        let process = Process()
        process.executableURL = AgekitBinary.url
        process.arguments = [
            "events", "tail", "--count", "1", "--interval", "0.2", "--data-dir", server.dataDirectory.path,
        ]
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // The ready line comes before the first look at the feed: after it, nothing is missed.
        let errors = Mutex(Data())
        err.fileHandleForReading.follow { chunk in errors.withLock { $0.append(chunk) } }
        let deadline = Date().addingTimeInterval(10)
        while !String(decoding: errors.withLock { $0 }, as: UTF8.self).contains("\n"), Date() < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        let readyLine = String(decoding: errors.withLock { $0 }, as: UTF8.self)
        guard readyLine.contains("\n") else {
            Issue.record("no ready line within 10 s")
            _ = OperatorToolsEndToEndTests.finish(process, seconds: 0)
            return
        }
        #expect(readyLine.hasPrefix("events tail: ready, following com.example.agekit after cursor "), "\(readyLine)")
        let cursor = Int64(readyLine.split(separator: " ").dropFirst(7).first?.prefix(while: \.isNumber) ?? "") ?? -1
        #expect(cursor > 0, "\(readyLine)")
        #expect(try await server.post(signedPayload: try OperatorToolsEndToEndTests.rescind(server)).status == 200)
        #expect(OperatorToolsEndToEndTests.finish(process, seconds: 15), "tail did not stop after --count 1")
        let line = String(decoding: out.fileHandleForReading.readAllRetryingInterrupts(), as: UTF8.self)
        #expect(line.contains(#/^20\d\d-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z  #\d+  com\.example\.agekit  /#), "\(line)")
        let eventCursor = Int64(line.split(separator: "#").dropFirst().first?.prefix(while: \.isNumber) ?? "") ?? 0
        #expect(eventCursor > cursor, "an event from before the ready line's cursor: \(line)")
    }

    @Test("bench verify says at once what it will measure, then its progress with the time left")
    func benchVerifyProgress() throws {
        let directory = TestScratch.root.appendingPathComponent("bench-\(UUID().uuidString)").path
        let ca = directory + "/ca"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        for (index, type) in ["SUBSCRIBED", "RESCIND_CONSENT"].enumerated() {
            let jws = try AgekitBinary.run(["simulate", "notification", "--type", type, "--ca-dir", ca]).out
            #expect(FileManager.default.createFile(atPath: directory + "/n\(index).jws", contents: Data(jws.utf8)))
        }
        let run = try AgekitBinary.run([
            "bench", "verify", "--vectors", directory, "--root", ca + "/root.pem", "--seconds", "0.6", "--json",
        ])
        #expect(run.status == 0, "\(run.err)")
        let lines = run.err.split(separator: "\n").map(String.init)
        #expect(lines.first == "bench verify: 2 measurements of 0.6 CPU-s each, about 1.2 s", "\(lines)")
        #expect(lines.last?.hasPrefix("bench verify: 2/2 measurements (100%), done in ") == true, "\(lines)")
        #expect(try JSONSerialization.jsonObject(with: Data(run.out.utf8)) is [String: Any], "stdout is the JSON only")
    }
}
