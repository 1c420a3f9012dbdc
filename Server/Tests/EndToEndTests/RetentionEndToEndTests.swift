import AppStoreSignedData
import ConsentServer
import Foundation
import TestSupport
import Testing

/// Retention on the real binary: what `agekit prune` and serve's schedule remove, and that
/// exactly-once survives it.
@Suite("retention end to end", .serialized)
struct RetentionEndToEndTests {
    static let bundleId = "com.example.agekit"

    @Test(
        "prune removes delivered outbox rows and old payloads; a redelivery is still a duplicate and nothing is undone")
    func pruneKeepsExactlyOnce() async throws {
        let backend = RecordingBackend(statuses: [])
        let http = HTTPServer(configuration: HTTPServerConfiguration(port: 0), responder: backend)
        try http.start()
        defer { http.stop() }
        let server = try ServerProcess.configured(
            """
            {"localTesting": true, "apps": [{"bundleId": "\(Self.bundleId)", "environments": ["LocalTesting"],
              "forwarding": {"url": "http://127.0.0.1:\(http.port)/events", "secret": "retention-secret-0123456789"}}]}
            """, label: "prune")
        defer { server.terminate() }
        let ca = try server.localCA()
        #expect(try await register(server, ca, accountId: "erin", appTransactionId: "AT-PRUNE").status == 200)
        let uuid = UUID().uuidString.lowercased()
        let jws = try SimulatedPayloads.notification(
            type: "RESCIND_CONSENT", subtype: nil, bundleId: Self.bundleId, environment: .localTesting,
            appTransactionId: "AT-PRUNE", notificationUUID: uuid, ca: ca)
        #expect(try await server.post(signedPayload: jws).json["status"] as? String == "stored")
        let store = ["--data-dir", server.dataDirectory.path, "--config", server.dataDirectory.path + "/agekit.json"]
        let deadline = Date().addingTimeInterval(15)
        while try AgekitBinary.run(["events", "status"] + store).out.contains("delivered: 0"), Date() < deadline {
            try await Task.sleep(for: .milliseconds(200))
        }
        let eventsBefore = try await feed(server).count

        let kept = try AgekitBinary.run(["prune"] + store)
        #expect(kept.status == 0, "\(kept.err)")
        #expect(kept.out.contains("pruned 0 delivered outbox rows"), "delivered seconds ago, kept for 7 days")
        let prune = try AgekitBinary.run(
            ["prune", "--delivered-older-than", "0", "--payloads-older-than", "0"] + store)
        #expect(prune.status == 0, "\(prune.err)")
        #expect(prune.out.contains("pruned 1 delivered outbox rows"), "\(prune.out)")
        #expect(prune.out.contains("pruned 1 signed payloads"), "\(prune.out)")
        #expect(try AgekitBinary.run(["events", "status"] + store).out.contains("delivered: 0"))

        let stored = try await server.request("GET", "/v1/notifications/\(uuid)", admin: true)
        #expect(stored.status == 200)
        #expect(stored.json["signedPayload"] is NSNull, "\(String(decoding: stored.body, as: UTF8.self))")
        #expect(stored.json["notificationType"] as? String == "RESCIND_CONSENT")
        #expect(try await server.post(signedPayload: jws).json["status"] as? String == "duplicate")
        let account = try await server.request("GET", "/v1/apps/\(Self.bundleId)/accounts/erin", admin: true)
        #expect(account.json["state"] as? String == "consentRevoked")
        #expect(try await feed(server).count == eventsBefore, "the redelivery added events")
    }

    @Test("serve's retention schedule prunes at start what the configuration says")
    func scheduledRetention() async throws {
        let first = try ServerProcess()
        let uuid = UUID().uuidString.lowercased()
        let jws = try SimulatedPayloads.notification(
            type: "RESCIND_CONSENT", subtype: nil, bundleId: Self.bundleId, environment: .localTesting,
            appTransactionId: "AT-SCHEDULE", notificationUUID: uuid, ca: try first.localCA())
        #expect(try await first.post(signedPayload: jws).status == 200)
        first.terminate()

        let configuration = first.dataDirectory.appendingPathComponent("agekit.json")
        try Data(#"{"localTesting": true, "retention": {"payloadDays": 0}}"#.utf8).write(to: configuration)
        let second = try ServerProcess(
            dataDirectory: first.dataDirectory, extraArguments: ["--config", configuration.path])
        defer { second.terminate() }
        #expect(second.waitForLine(containing: "retention: delivered outbox rows after 7 days"))
        var payload: Any? = ""
        let deadline = Date().addingTimeInterval(10)
        while !(payload is NSNull), Date() < deadline {
            payload = try await second.request("GET", "/v1/notifications/\(uuid)", admin: true).json["signedPayload"]
            try await Task.sleep(for: .milliseconds(100))
        }
        #expect(payload is NSNull, "the payload was not pruned at start")
        #expect(try await second.post(signedPayload: jws).json["status"] as? String == "duplicate")
    }
}
