import AppStoreSignedData
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The tools an operator reaches for, on the real binary beside a real server.
@Suite("the operator's tools end to end", .serialized)
struct OperatorToolsEndToEndTests {
    static let bundleId = "com.example.agekit"

    static func rescind(_ server: ServerProcess, uuid: String = UUID().uuidString.lowercased()) throws -> String {
        try SimulatedPayloads.notification(
            type: "RESCIND_CONSENT", subtype: nil, bundleId: bundleId, environment: .localTesting,
            appTransactionId: "AT-\(uuid.prefix(8))", notificationUUID: uuid, ca: try server.localCA())
    }

    /// Starts `agekit arguments` and returns it with its standard output.
    static func start(_ arguments: [String]) throws -> (Process, Pipe) {
        let process = Process()
        process.executableURL = AgekitBinary.url
        process.arguments = arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        return (process, out)
    }

    /// Waits up to `seconds` for the process to end; kills it past that. True when it ended.
    static func finish(_ process: Process, seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        let ended = !process.isRunning
        if !ended { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        return ended
    }

    @Test("events tail --json follows the feed: events committed after it starts, one JSON line each, none before")
    func eventsTail() async throws {
        let server = try ServerProcess()
        defer { server.terminate() }
        #expect(try await server.post(signedPayload: try Self.rescind(server)).status == 200)
        let (tail, out) = try Self.start([
            "events", "tail", "--json", "--count", "2", "--interval", "0.2", "--data-dir", server.dataDirectory.path,
        ])
        try await Task.sleep(for: .seconds(1.5))  // past its first look at the feed
        let uuid = UUID().uuidString.lowercased()
        #expect(try await server.post(signedPayload: try Self.rescind(server, uuid: uuid)).status == 200)
        #expect(Self.finish(tail, seconds: 15), "tail did not stop after --count events")
        #expect(tail.terminationStatus == 0)
        let lines = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            .split(separator: "\n").map(String.init)
        #expect(lines.count == 2, "\(lines)")
        for line in lines {
            let event = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect(event["bundleId"] as? String == Self.bundleId)
            #expect(event["notificationUUID"] as? String == uuid, "an event from before tail started: \(line)")
            #expect(event["cursor"] is Int && event["kind"] is String)
        }
    }
}
