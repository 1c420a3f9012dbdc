import AppStoreSignedData
import Foundation
import TestSupport
import Testing

/// Nothing the real binary is told is silently ignored: a configuration file that is not
/// strict JSON, an admin body with a wrong or unknown field, a query parameter it does not
/// take, a path it has no route for.
@Suite("Strict input end to end", .serialized)
struct StrictInputEndToEndTests {
    static let bundleId = "com.example.agekit"

    @Test(
        "serve and check refuse a configuration with a duplicate key, a trailing comma or bad JSON, with line and column",
        arguments: [
            (
                "{\"localTesting\": true,\n  \"listen\": \"127.0.0.1:1\",\n  \"listen\": \"127.0.0.1:2\"}",
                "line 3, column 3: duplicate key \"listen\" (first at line 2, column 3)"
            ),
            ("{\"localTesting\": true,\n  \"http\": {\"threads\": 2,\n  }\n}", "line 3, column 3: trailing comma"),
            ("{\"localTesting\": true\n  \"listen\": \"127.0.0.1:1\"}", "line 2, column 3: expected ',' or '}'"),
        ])
    func strictConfiguration(json: String, fault: String) throws {
        let directory = TestScratch.root.appendingPathComponent("agekit-e2e-strict-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent("agekit.json")
        try Data(json.utf8).write(to: file)
        // A data directory that cannot exist (under a file): a binary that took the file anyway
        // fails to start instead of serving until the test times out.
        let unusable = file.appendingPathComponent("data").path
        for command in ["serve", "check"] {
            let result = try AgekitBinary.run([command, "--config", file.path, "--data-dir", unusable])
            #expect(result.status != 0, "\(command) accepted it")
            #expect(
                (result.err + result.out).contains("invalid_configuration"), "\(command): \(result.err)\(result.out)")
            #expect((result.err + result.out).contains(fault), "\(command): \(result.err)\(result.out)")
            #expect(!(result.err + result.out).contains("correct format"))
        }
    }

    @Test("restore with a number for actor or a misspelt field is refused by name and leaves the account revoked")
    func strictAdminBodies() async throws {
        let server = try ServerProcess()
        defer { server.terminate() }
        let ca = try server.localCA()
        let signed = try SimulatedPayloads.appTransaction(
            appTransactionId: "AT-STRICT", bundleId: Self.bundleId, environment: .localTesting, ca: ca)
        let link = try JSONSerialization.data(withJSONObject: ["accountId": "carol", "signedAppTransaction": signed])
        #expect(
            try await server.request("POST", "/v1/apps/\(Self.bundleId)/app-transactions", body: link, admin: true)
                .status == 200)
        let rescind = try SimulatedPayloads.notification(
            type: "RESCIND_CONSENT", subtype: nil, bundleId: Self.bundleId, environment: .localTesting,
            appTransactionId: "AT-STRICT", notificationUUID: UUID().uuidString.lowercased(), ca: ca)
        #expect(try await server.post(signedPayload: rescind).status == 200)
        let restore = "/v1/apps/\(Self.bundleId)/accounts/carol/restore"
        for (body, code, field) in [
            (#"{"actor":5}"#, "wrong_field_type", "\"actor\""),
            (#"{"actr":"agent-7"}"#, "unexpected_field", "\"actr\""),
            (#"{"actor":"\#(String(repeating: "a", count: 250_000))"}"#, "field_too_long", "\"actor\""),
            (#"{"reason":"\#(String(repeating: "r", count: 2_001))"}"#, "field_too_long", "\"reason\""),
        ] {
            let refused = try await server.request("POST", restore, body: Data(body.utf8), admin: true)
            #expect(refused.status == 400)
            #expect(refused.errorCode == code)
            let message = (refused.json["error"] as? [String: Any])?["message"] as? String ?? ""
            #expect(message.contains(field), "\(message)")
        }
        let account = try await server.request("GET", "/v1/apps/\(Self.bundleId)/accounts/carol", admin: true).json
        #expect(account["state"] as? String == "consentRevoked")
        let events = try await server.request("GET", "/v1/apps/\(Self.bundleId)/events?limit=1000", admin: true).json
        let kinds = (events["events"] as? [[String: Any]] ?? []).compactMap { $0["kind"] as? String }
        #expect(!kinds.contains("consentRestored"))
    }

    @Test("invalid_query names the parameter; GET / and unknown paths get a 404 naming the routes")
    func queriesAndPaths() async throws {
        let server = try ServerProcess()
        defer { server.terminate() }
        let query = try await server.request("GET", "/v1/apps/\(Self.bundleId)/events?limit=5000", admin: true)
        #expect(query.status == 400)
        #expect(query.errorCode == "invalid_query")
        #expect(String(decoding: query.body, as: UTF8.self).contains("limit: '5000'"))
        for path in ["/", "/v1", "/notifications"] {
            let answer = try await server.request("GET", path)
            #expect(answer.status == 404, "\(path)")
            #expect(answer.errorCode == "not_found", "\(path)")
            let text = String(decoding: answer.body, as: UTF8.self)
            #expect(text.contains("/v2/notifications") && !text.contains("empty segment"), "\(path): \(text)")
        }
    }
}
