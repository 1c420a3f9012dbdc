import Foundation
import TestSupport
import Testing

/// `agekit demo` on the binary: every step printed and passed, nothing left behind.
@Suite("agekit demo end to end")
struct DemoEndToEndTests {
    /// The demo's own temporary directory, under one the test owns and then looks into.
    static func temporaryDirectory() throws -> URL {
        let directory = TestScratch.root.appendingPathComponent("agekit-demo-tmp-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    @Test("it links, rescinds, shows the frozen account and the signed forwarded event, then cleans up")
    func demoRuns() throws {
        let temporary = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: temporary) }
        // Its caller's AGEKIT_* variables do not reach the receiver.
        let run = try AgekitBinary.run(
            ["demo"], environment: ["TMPDIR": temporary.path, "AGEKIT_ADMIN_TOKEN": "short", "AGEKIT_LISTEN": "x"])
        #expect(run.status == 0, "\(run.out)\n\(run.err)")
        let lines = run.out.split(separator: "\n").map(String.init)
        for (number, name) in ["backend", "receiver", "link", "rescind", "account", "forwarded"].enumerated() {
            #expect(lines.contains { $0.hasPrefix("[\(number + 1)/6] \(name): ") }, "\(name)")
        }
        #expect(run.out.contains("agekit serve listening on http://127.0.0.1:"))
        #expect(lines.contains { $0.contains(#""state":"consentRevoked""#) && $0.contains(#""pushAllowed":false"#) })
        #expect(lines.contains { $0.contains(#""kind":"consentRevoked""#) && $0.contains(#""accountId":"user-42""#) })
        #expect(run.out.contains("AgeKit-Signature valid"))
        #expect(lines.last?.hasPrefix("agekit demo: every step passed") == true)
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path).isEmpty)
    }

    @Test("a step that cannot be done ends it with exit 1 and says which; an argument is a usage error")
    func demoFailures() throws {
        let missing = TestScratch.root.appendingPathComponent("agekit-demo-missing-\(UUID().uuidString)")
        let failed = try AgekitBinary.run(["demo"], environment: ["TMPDIR": missing.path])
        #expect(failed.status == 1)
        #expect(failed.err.hasPrefix("demo_failed: cannot create \(missing.path)/agekit-demo-"), "\(failed.err)")
        let usage = try AgekitBinary.run(["demo", "--port", "1"])
        #expect(usage.status == 2)
        #expect(usage.err.contains("--port"))
    }
}
