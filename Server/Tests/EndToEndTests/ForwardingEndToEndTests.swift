import AppStoreSignedData
import ConsentServer
import Foundation
import Synchronization
import TestSupport
import Testing

/// A backend on loopback that records what it receives and answers from a script.
final class RecordingBackend: HTTPResponder {
    let received = Mutex<[HTTPRequest]>([])
    private let statuses: Mutex<[Int]>

    init(statuses: [Int]) { self.statuses = Mutex(statuses) }

    func respond(to request: HTTPRequest, reply: @escaping @Sendable (HTTPResponse) -> Void) {
        received.withLock { $0.append(request) }
        reply(HTTPResponse(status: statuses.withLock { $0.isEmpty ? 200 : $0.removeFirst() }))
    }
}

@Suite("Event forwarding end to end")
struct ForwardingEndToEndTests {
    static let secret = "forwarding-secret-0123456789"

    @Test("a revocation reaches the backend signed, after a failed first attempt")
    func revocationForwarded() async throws {
        let backend = RecordingBackend(statuses: [500])
        let http = HTTPServer(configuration: HTTPServerConfiguration(port: 0), responder: backend)
        try http.start()
        defer { http.stop() }

        let directory = TestScratch.root.appendingPathComponent(
            "agekit-e2e-fwd-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let configuration = directory.appendingPathComponent("agekit.json")
        let json = """
            {"localTesting": true,
             "apps": [{"bundleId": "com.example.agekit", "environments": ["LocalTesting"],
                       "forwarding": {"url": "http://127.0.0.1:\(http.port)/agekit-events", "secret": "\(Self.secret)",
                                      "maxAttempts": 3}}]}
            """
        try Data(json.utf8).write(to: configuration)
        let server = try ServerProcess(dataDirectory: directory, extraArguments: ["--config", configuration.path])
        defer { server.terminate() }
        #expect(server.waitForLine(containing: "forwarding com.example.agekit events to"))

        let ca = try LocalCertificateAuthority.load(directory: directory.appendingPathComponent("ca").path)
        _ = try await register(server, ca, accountId: "erin", appTransactionId: "AT-FWD")
        let rescind = try SimulatedPayloads.notification(
            type: "RESCIND_CONSENT", subtype: nil, bundleId: "com.example.agekit", environment: .localTesting,
            appTransactionId: "AT-FWD", ca: ca)
        #expect(try await server.post(signedPayload: rescind).status == 200)

        // The first attempt gets a 500; the retry comes after the backoff (1 to 2 s).
        let deadline = Date().addingTimeInterval(15)
        while backend.received.withLock({ $0.count }) < 2 && Date() < deadline {
            try await Task.sleep(for: .milliseconds(100))
        }
        let requests = backend.received.withLock { $0 }
        #expect(requests.count == 2)
        let delivered = try #require(requests.last)
        #expect(delivered.path == "/agekit-events")
        let timestamp = try #require(Int64(delivered.headers["agekit-timestamp"] ?? ""))
        #expect(
            EventSignature.isValid(
                delivered.headers["agekit-signature"] ?? "", secret: Self.secret, timestamp: timestamp,
                body: delivered.body))
        let event = try JSONSerialization.jsonObject(with: Data(delivered.body)) as? [String: Any]
        #expect(event?["kind"] as? String == "consentRevoked")
        #expect(event?["accountId"] as? String == "erin")
        #expect(requests[0].headers["agekit-event-id"] == delivered.headers["agekit-event-id"])
        let version = try AgekitBinary.run(["--version"]).out.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(delivered.headers["user-agent"] == version.replacingOccurrences(of: " ", with: "/"))

        let status = try AgekitBinary.run([
            "events", "status", "--config", configuration.path, "--data-dir", directory.path,
        ])
        #expect(status.status == 0)
        #expect(status.out.contains("delivered: 1"))
        #expect(status.out.contains("dead: 0"))
    }
}
