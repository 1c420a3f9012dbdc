import AppStoreSignedData
import ConsentServer
import Foundation
import Synchronization
import TestSupport
import Testing

/// A backend that answers the configured path with a redirect to another path of its own,
/// and that path with 200: a sender that followed the redirect would be told "delivered".
final class RedirectingBackend: HTTPResponder {
    let paths = Mutex<[String]>([])
    private let status: Int

    init(status: Int) { self.status = status }

    func respond(to request: HTTPRequest, reply: @escaping @Sendable (HTTPResponse) -> Void) {
        paths.withLock { $0.append("\(request.method) \(request.path)") }
        if request.path == "/agekit-events" {
            reply(HTTPResponse(status: status, headers: [("Location", "/elsewhere")]))
        } else {
            reply(HTTPResponse(status: 200))
        }
    }
}

@Suite("Event forwarding: redirects and order")
struct ForwardingDeliveryEndToEndTests {
    @Test("a redirecting backend leaves the event dead, never delivered", arguments: [301, 302, 303, 307, 308])
    func redirectIsAFailedAttempt(status: Int) async throws {
        let backend = RedirectingBackend(status: status)
        let http = HTTPServer(configuration: HTTPServerConfiguration(port: 0), responder: backend)
        try http.start()
        defer { http.stop() }

        let (server, directory, configuration) = try await revokedWhileForwarding(
            to: http.port, label: "redirect", maxAttempts: 1)
        defer { server.terminate() }

        let arguments = ["--config", configuration.path, "--data-dir", directory.path]
        var summary = try AgekitBinary.run(["events", "status"] + arguments)
        let deadline = Date().addingTimeInterval(15)
        while !summary.out.contains("dead: 1") && Date() < deadline {
            try await Task.sleep(for: .milliseconds(100))
            summary = try AgekitBinary.run(["events", "status"] + arguments)
        }
        #expect(summary.out.contains("dead: 1"))
        #expect(summary.out.contains("delivered: 0"))
        #expect(backend.paths.withLock { $0 } == ["POST /agekit-events"])
        let dead = try AgekitBinary.run(["events", "dead"] + arguments)
        #expect(dead.out.contains("HTTP \(status) redirects to /elsewhere; redirects are not followed"))
        let metrics = String(decoding: try await server.request("GET", "/metrics", admin: true).body, as: UTF8.self)
        #expect(metrics.contains("agekit_outbox_dead 1"))
        #expect(metrics.contains("agekit_outbox_pending 0"))
        #expect(
            metrics.contains(#"agekit_forwarding_attempts_total{bundle_id="com.example.agekit",outcome="dead"} 1"#))
    }

    @Test("a failing, then recovering backend receives one account's events in ledger order")
    func oneAccountInOrder() async throws {
        let backend = RecordingBackend(statuses: [500])
        let http = HTTPServer(configuration: HTTPServerConfiguration(port: 0), responder: backend)
        try http.start()
        defer { http.stop() }

        let (server, _, _) = try await revokedWhileForwarding(to: http.port, label: "order", maxAttempts: 5)
        defer { server.terminate() }
        // The revocation's first attempt fails and waits out its backoff (2 to 4 s); the
        // restore committed meanwhile waits for it.
        let deadline = Date().addingTimeInterval(10)
        while backend.received.withLock({ $0.count }) < 1 && Date() < deadline {
            try await Task.sleep(for: .milliseconds(50))
        }
        let restore = try await server.request(
            "POST", "/v1/apps/com.example.agekit/accounts/erin/restore",
            body: Data(#"{"actor":"support","reason":"guardian re-consented"}"#.utf8), admin: true)
        #expect(restore.status == 200)
        while backend.received.withLock({ $0.count }) < 3 && Date() < deadline.addingTimeInterval(10) {
            try await Task.sleep(for: .milliseconds(100))
        }
        let kinds = try backend.received.withLock { $0 }.map { request in
            (try JSONSerialization.jsonObject(with: Data(request.body)) as? [String: Any])?["kind"] as? String
        }
        #expect(kinds == ["consentRevoked", "consentRevoked", "consentRestored"])
    }

    /// A server forwarding to the backend on `port`, with the account erin linked to an app
    /// transaction whose consent was then rescinded (acknowledged with 200).
    func revokedWhileForwarding(
        to port: UInt16, label: String, maxAttempts: Int
    ) async throws -> (server: ServerProcess, directory: URL, configuration: URL) {
        let directory = TestScratch.root.appendingPathComponent("agekit-e2e-\(label)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let configuration = directory.appendingPathComponent("agekit.json")
        let json = """
            {"localTesting": true,
             "apps": [{"bundleId": "com.example.agekit", "environments": ["LocalTesting"],
                       "forwarding": {"url": "http://127.0.0.1:\(port)/agekit-events",
                                      "secret": "forwarding-secret-0123456789", "maxAttempts": \(maxAttempts)}}]}
            """
        try Data(json.utf8).write(to: configuration)
        let server = try ServerProcess(dataDirectory: directory, extraArguments: ["--config", configuration.path])
        #expect(server.waitForLine(containing: "forwarding com.example.agekit events to"))
        let ca = try LocalCertificateAuthority.load(directory: directory.appendingPathComponent("ca").path)
        let appTransactionId = "AT-\(label.uppercased())"
        _ = try await register(server, ca, accountId: "erin", appTransactionId: appTransactionId)
        let rescind = try SimulatedPayloads.notification(
            type: "RESCIND_CONSENT", subtype: nil, bundleId: "com.example.agekit", environment: .localTesting,
            appTransactionId: appTransactionId, ca: ca)
        #expect(try await server.post(signedPayload: rescind).status == 200)
        return (server, directory, configuration)
    }
}
