import AppStoreSignedData
import Foundation
import Synchronization
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `agekit serve` with `historySync` configured recovers the stand-in's history at startup.
@Suite struct ServeHistorySyncBinaryTests {
    @Test func serveSyncsOnStartupAndStopsCleanly() async throws {
        let dataDirectory = TestScratch.root.appendingPathComponent("agekit-serve-\(UUID())")
        defer { try? FileManager.default.removeItem(at: dataDirectory) }
        let ca = try LocalCertificateAuthority.loadOrCreate(directory: dataDirectory.appendingPathComponent("ca").path)
        let fixture = try StandInFixture(count: 45, ca: ca)
        defer { fixture.standIn.stop() }
        let keyFile = try TemporaryKeyFile(fixture.key)
        defer { keyFile.remove() }
        let configuration: [String: Any] = [
            "listen": "127.0.0.1:0", "dataDirectory": dataDirectory.path, "localTesting": true,
            // The stand-in plays Apple: its root is configured as Apple's, trusted for Sandbox.
            "appleRootCertificates": [dataDirectory.appendingPathComponent("ca/root.pem").path],
            "apps": [
                [
                    "bundleId": StandInFixture.bundleId, "environments": ["Sandbox", "LocalTesting"],
                    "api": [
                        "keyId": StandInFixture.keyId, "issuerId": StandInFixture.issuerId, "privateKey": keyFile.path,
                        "baseURL": fixture.standIn.baseURL.absoluteString,
                    ],
                    "historySync": ["intervalMinutes": 60, "lookbackHours": 24],
                ]
            ],
        ]
        let configFile = dataDirectory.appendingPathComponent("agekit.json")
        try JSONSerialization.data(withJSONObject: configuration).write(to: configFile)

        let process = Process()
        process.executableURL = AgekitBinary.url
        process.arguments = ["serve", "--config", configFile.path]
        let output = CapturedOutput()
        process.standardOutput = output.pipe(error: false)
        process.standardError = output.pipe(error: true)
        try process.run()
        defer { if process.isRunning { process.terminate() } }

        _ = await output.waitForError(containing: "agekit serve: history sync")
        #expect(
            output.out.contains("history sync com.example.agekit Sandbox: every 60 min over the last 24 h"),
            "\(output.out)")
        #expect(
            output.err.contains("history sync com.example.agekit Sandbox: 3 pages, 45 new, 0 duplicate, 0 rejected"),
            "\(output.err)")
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(output.err)")
    }
}

/// Standard output and error of a child, collected as they arrive.
final class CapturedOutput: Sendable {
    struct Text: Sendable {
        var out = ""
        var err = ""
    }

    private let text = Mutex(Text())
    /// Signalled once per chunk read, so that a wait wakes when there is something new to look at.
    private let chunks = DispatchSemaphore(value: 0)

    var out: String { text.withLock { $0.out } }
    var err: String { text.withLock { $0.err } }

    /// Waits, on a thread of its own, until the standard error holds `needle` or `seconds`
    /// pass; true if it does.
    func waitForError(containing needle: String, seconds: Double = 15) async -> Bool {
        await onOwnThread { [self] in
            let deadline = DispatchTime.now() + seconds
            while !err.contains(needle) {
                if chunks.wait(timeout: deadline) == .timedOut { return err.contains(needle) }
            }
            return true
        }
    }

    func pipe(error: Bool) -> Pipe {
        let pipe = Pipe()
        pipe.fileHandleForReading.follow { [self] data in
            let chunk = String(decoding: data, as: UTF8.self)
            text.withLock { text in
                if error { text.err += chunk } else { text.out += chunk }
            }
            chunks.signal()
        }
        return pipe
    }
}
