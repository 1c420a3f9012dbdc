import AppStoreSignedData
import ConsentServer
import Foundation
import TestSupport
import Testing

/// A backend rotating its forwarding secret takes no outage: during the window every event
/// carries a signature for each secret, so the backend can switch at any moment.
@Suite("Forwarding secret rotation end to end")
struct ForwardingRotationEndToEndTests {
    static let current = "new-forwarding-secret-0123456789"
    static let previous = "old-forwarding-secret-0123456789"

    /// A server forwarding to `backend` with a rotation ending at `until`; its config path.
    func server(forwardingTo port: UInt16, until: Date) throws -> (ServerProcess, String) {
        let directory = TestScratch.root.appendingPathComponent("agekit-e2e-rotation-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let configuration = directory.appendingPathComponent("agekit.json")
        let json = """
            {"localTesting": true,
             "apps": [{"bundleId": "com.example.agekit", "environments": ["LocalTesting"],
                       "forwarding": {"url": "http://127.0.0.1:\(port)/agekit-events", "secret": "\(Self.current)",
                                      "previousSecret": "\(Self.previous)",
                                      "previousSecretUntil": "\(until.formatted(.iso8601))"}}]}
            """
        try Data(json.utf8).write(to: configuration)
        let server = try ServerProcess(dataDirectory: directory, extraArguments: ["--config", configuration.path])
        return (server, configuration.path)
    }

    func signature(_ request: HTTPRequest, valid secret: String) throws -> Bool {
        let timestamp = try #require(Int64(request.headers["agekit-timestamp"] ?? ""))
        return EventSignature.isValid(
            request.headers["agekit-signature"] ?? "", secret: secret, timestamp: timestamp, body: request.body)
    }

    func revokeAndReceive(
        _ server: ServerProcess, _ backend: RecordingBackend, account: String
    ) async throws
        -> HTTPRequest
    {
        let ca = try LocalCertificateAuthority.load(directory: server.dataDirectory.appendingPathComponent("ca").path)
        _ = try await register(server, ca, accountId: account, appTransactionId: "AT-\(account)")
        let rescind = try SimulatedPayloads.notification(
            type: "RESCIND_CONSENT", subtype: nil, bundleId: "com.example.agekit", environment: .localTesting,
            appTransactionId: "AT-\(account)", ca: ca)
        #expect(try await server.post(signedPayload: rescind).status == 200)
        let deadline = Date().addingTimeInterval(15)
        while Date() < deadline {
            if let request = backend.received.withLock({ requests in
                requests.last { String(decoding: $0.body, as: UTF8.self).contains("consentRevoked") }
            }) {
                return request
            }
            try await Task.sleep(for: .milliseconds(100))
        }
        Issue.record("the revocation never reached the backend")
        throw CancellationError()
    }

    @Test("during the window an event verifies with either secret; after it, with the current one alone")
    func rotationWindow() async throws {
        let backend = RecordingBackend(statuses: [])
        let http = HTTPServer(configuration: HTTPServerConfiguration(port: 0), responder: backend)
        try http.start()
        defer { http.stop() }

        let (rotating, rotatingConfig) = try server(forwardingTo: http.port, until: Date().addingTimeInterval(3600))
        defer { rotating.terminate() }
        #expect(rotating.waitForLine(containing: "signed with the secret and the previous one until"))
        let during = try await revokeAndReceive(rotating, backend, account: "rhea")
        #expect((during.headers["agekit-signature"] ?? "").split(separator: " ").count == 2)
        #expect(try signature(during, valid: Self.current), "a backend already on the new secret refused it")
        #expect(try signature(during, valid: Self.previous), "a backend still on the old secret refused it")
        #expect(try !signature(during, valid: "another-secret-0123456789"))
        let check = try AgekitBinary.run(["check", "--config", rotatingConfig, "--listen", "127.0.0.1:0"])
        #expect(check.out.contains("rotating, events signed with the secret and previousSecret until"), "\(check.out)")
        rotating.terminate()

        let (ended, endedConfig) = try server(forwardingTo: http.port, until: Date().addingTimeInterval(-60))
        defer { ended.terminate() }
        backend.received.withLock { $0.removeAll() }
        let after = try await revokeAndReceive(ended, backend, account: "theo")
        #expect((after.headers["agekit-signature"] ?? "").split(separator: " ").count == 1)
        #expect(try signature(after, valid: Self.current))
        #expect(try !signature(after, valid: Self.previous), "the previous secret outlived its window")
        let warned = try AgekitBinary.run(["check", "--config", endedConfig, "--listen", "127.0.0.1:0"])
        #expect(warned.out.contains("has passed: events are signed with secret alone"), "\(warned.out)")
    }

    @Test("agekit simulate event signs with both secrets, from its options or a rotating configuration")
    func simulatedEventCarriesBoth() async throws {
        let backend = RecordingBackend(statuses: [])
        let http = HTTPServer(configuration: HTTPServerConfiguration(port: 0), responder: backend)
        try http.start()
        defer { http.stop() }
        let url = "http://127.0.0.1:\(http.port)/agekit-events"
        let options = try AgekitBinary.run([
            "simulate", "event", "--to", url, "--secret", Self.current, "--previous-secret", Self.previous,
        ])
        #expect(options.status == 0, "\(options.err)")
        let directory = TestScratch.root.appendingPathComponent("agekit-e2e-rotation-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let configuration = directory.appendingPathComponent("agekit.json").path
        let json = """
            {"localTesting": true, "apps": [{"bundleId": "com.example.agekit", "environments": ["LocalTesting"],
                       "forwarding": {"url": "\(url)", "secret": "\(Self.current)", "previousSecret": "\(Self.previous)",
                                      "previousSecretUntil": "\(Date().addingTimeInterval(3600).formatted(.iso8601))"}}]}
            """
        try Data(json.utf8).write(to: URL(fileURLWithPath: configuration))
        let fromConfig = try AgekitBinary.run(["simulate", "event", "--config", configuration])
        #expect(fromConfig.status == 0, "\(fromConfig.err)")
        let requests = backend.received.withLock { $0 }
        try #require(requests.count == 2)
        for request in requests {
            #expect(try signature(request, valid: Self.current) && signature(request, valid: Self.previous))
        }
    }

    @Test(
        "a rotation without its end, with a short or repeated previous secret, or an end without a secret, is refused naming the field",
        arguments: [
            (#""previousSecret": "old-forwarding-secret-0123456789""#, "previousSecretUntil"),
            (#""previousSecret": "short", "previousSecretUntil": "2030-01-01T00:00:00Z""#, "previousSecret"),
            (
                #""previousSecret": "new-forwarding-secret-0123456789", "previousSecretUntil": "2030-01-01T00:00:00Z""#,
                "previousSecret"
            ),
            (
                #""previousSecret": "old-forwarding-secret-0123456789", "previousSecretUntil": "soon""#,
                "previousSecretUntil"
            ),
            (#""previousSecretUntil": "2030-01-01T00:00:00Z""#, "previousSecretUntil"),
        ])
    func refusedRotations(fields: String, named: String) throws {
        let directory = TestScratch.root.appendingPathComponent("agekit-e2e-rotation-bad-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let configuration = directory.appendingPathComponent("agekit.json").path
        let json = """
            {"localTesting": true, "apps": [{"bundleId": "com.example.agekit", "environments": ["LocalTesting"],
                       "forwarding": {"url": "http://127.0.0.1:9/e", "secret": "\(Self.current)", \(fields)}}]}
            """
        try Data(json.utf8).write(to: URL(fileURLWithPath: configuration))
        let check = try AgekitBinary.run(["check", "--config", configuration, "--listen", "127.0.0.1:0"])
        #expect(check.status != 0)
        #expect((check.out + check.err).contains(named), "\(check.out)\(check.err)")
    }
}
