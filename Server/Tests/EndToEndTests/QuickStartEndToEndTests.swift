import ConsentServer
import Foundation
import TestSupport
import Testing

/// The README's "Try it on a laptop" block, read from README.md at test time and pasted whole
/// into `bash` in a fresh directory, as a newcomer does: it must end with the frozen account
/// every time, not only when typed line by line.
@Suite("the README quick start end to end")
struct QuickStartEndToEndTests {
    static let root = Repository.root

    /// The first `sh` block after the heading.
    static func block() throws -> String {
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try #require(readme.components(separatedBy: "## Try it on a laptop\n").dropFirst().first)
        let opening = try #require(section.range(of: "```sh\n"))
        let closing = try #require(section.range(of: "\n```", range: opening.upperBound..<section.endIndex))
        return String(section[opening.upperBound..<closing.lowerBound])
    }

    /// The block as the test runs it: without `swift build` (the tests run the agekit already
    /// built, linked where the block looks for it) and on a free port instead of 8080.
    static func script(port: UInt16) throws -> String {
        var lines = try block().components(separatedBy: "\n")
        #expect(lines.first == "swift build -c release --package-path Server")
        #expect(lines.contains { $0.hasPrefix("Server/.build/release/agekit serve &") })
        lines.removeFirst()
        let text = lines.joined(separator: "\n")
        #expect(text.contains("127.0.0.1:8080"))
        return text.replacingOccurrences(of: "127.0.0.1:8080", with: "127.0.0.1:\(port)") + "\n"
    }

    /// A port nothing listens on now (the system's choice of a free one, let go).
    static func freePort() throws -> UInt16 {
        try ListeningSocket(host: "127.0.0.1", port: 0).port
    }

    @Test(
        "pasted 20 times in a row into bash, each in a fresh directory, it ends with the frozen account",
        .timeLimit(.minutes(10)))
    func pastedBlockEndsFrozen() throws {
        let runs = 20
        var frozen = 0
        var seconds: [Double] = []
        for run in 1...runs {
            let directory = TestScratch.root.appendingPathComponent("agekit-quickstart-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: directory) }
            try FileManager.default.createDirectory(
                at: directory.appendingPathComponent("Server/.build/release"), withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(
                at: directory.appendingPathComponent("Server/.build/release/agekit"),
                withDestinationURL: AgekitBinary.url)
            let port = try Self.freePort()
            // The block's serve takes no --listen: the port comes from the environment, and no
            // AGEKIT_* variable of the test's own reaches it.
            var environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("AGEKIT_") }
            environment["AGEKIT_LISTEN"] = "127.0.0.1:\(port)"
            let shell = PastedShell(directory: directory, environment: environment)
            let outcome = try shell.run(try Self.script(port: port), seconds: 60)
            seconds.append(outcome.seconds)
            let last = outcome.out.split(separator: "\n").last.map(String.init) ?? ""
            let ended = !outcome.timedOut && last.contains(#""state":"consentRevoked""#)
            #expect(
                ended, "run \(run): \(outcome.timedOut ? "timed out" : "ended") with\n\(outcome.out)\n\(outcome.err)")
            if ended { frozen += 1 }
        }
        let total = seconds.reduce(0, +)
        print(
            "quick start pasted: \(frozen) of \(runs) runs ended with the frozen account, "
                + "\(String(format: "%.1f", total)) s in all, slowest \(String(format: "%.2f", seconds.max() ?? 0)) s")
        #expect(frozen == runs)
    }

    /// What the block did in 4 of 7 runs before: `serve &` and the next `simulate` both
    /// created the local test CA, and the payloads of one failed at the other.
    @Test("serve and simulate started at the same moment on a fresh directory end with one CA")
    func serveAndSimulateShareOneCA() throws {
        for _ in 0..<5 {
            let directory = TestScratch.root.appendingPathComponent("agekit-ca-race-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: directory) }
            let ca = directory.appendingPathComponent("ca").path
            let simulators = (0..<3).map { _ in
                let process = Process()
                process.executableURL = AgekitBinary.url
                process.arguments = ["simulate", "ca", "--ca-dir", ca]
                process.standardOutput = Pipe()
                process.standardError = FileHandle.nullDevice
                return process
            }
            try simulators.forEach { try $0.run() }
            let server = try ServerProcess(dataDirectory: directory)
            defer { server.terminate() }
            #expect(server.waitForLine(containing: "trusted local test CA"))
            let served = server.printed.first { $0.contains("trusted local test CA") } ?? ""
            for simulator in simulators {
                let out = (simulator.standardOutput as? Pipe)?.fileHandleForReading.readAllRetryingInterrupts()
                simulator.waitUntilExit()
                #expect(simulator.terminationStatus == 0)
                let fingerprint = String(decoding: out ?? Data(), as: UTF8.self).split(separator: "\n")
                    .first { $0.hasPrefix("sha256: ") }?.dropFirst("sha256: ".count)
                #expect(fingerprint != nil && served.hasSuffix("SHA-256 \(fingerprint ?? "")"), "\(served)")
            }
        }
    }
}
