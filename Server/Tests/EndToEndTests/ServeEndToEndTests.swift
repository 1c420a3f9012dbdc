import AppStoreSignedData
import Foundation
import Synchronization
import TestSupport
import Testing

/// The real `agekit serve` on loopback with a real SQLite file, driven over HTTP.
@Suite("agekit serve end to end", .serialized)
struct ServeEndToEndTests {
    static let bundleId = "com.example.agekit"

    /// A canonical notification UUID numbered within a series, so runs are reproducible.
    static func uuid(_ series: Int, _ index: Int) -> String {
        String(format: "%08x-0000-4000-8000-%012x", series, index)
    }

    /// The server creates its local CA on first run; tests sign with the same one.
    func authority(_ server: ServerProcess) throws -> LocalCertificateAuthority {
        try LocalCertificateAuthority.load(directory: server.dataDirectory.appendingPathComponent("ca").path)
    }

    func rescind(
        _ ca: LocalCertificateAuthority, appTransactionId: String, uuid: String = UUID().uuidString.lowercased()
    )
        throws -> String
    {
        try SimulatedPayloads.notification(
            type: "RESCIND_CONSENT", subtype: nil, bundleId: Self.bundleId, environment: .localTesting,
            appTransactionId: appTransactionId, notificationUUID: uuid, ca: ca)
    }

    func register(
        _ server: ServerProcess, accountId: String, appTransactionId: String
    ) async throws
        -> ServerProcess.Response
    {
        let signed = try SimulatedPayloads.appTransaction(
            appTransactionId: appTransactionId, bundleId: Self.bundleId, environment: .localTesting,
            ca: try authority(server))
        let body = try JSONSerialization.data(withJSONObject: ["accountId": accountId, "signedAppTransaction": signed])
        return try await server.request("POST", "/v1/apps/\(Self.bundleId)/app-transactions", body: body, admin: true)
    }

    func account(_ server: ServerProcess, _ accountId: String) async throws -> [String: Any] {
        try await server.request("GET", "/v1/apps/\(Self.bundleId)/accounts/\(accountId)", admin: true).json
    }

    func events(_ server: ServerProcess) async throws -> [[String: Any]] {
        let page = try await server.request("GET", "/v1/apps/\(Self.bundleId)/events?limit=1000", admin: true).json
        return page["events"] as? [[String: Any]] ?? []
    }

    @Test("register then rescind gives a revoked account with push not allowed")
    func registerThenRescind() async throws {
        let server = try ServerProcess()
        defer { server.terminate() }
        #expect(try await register(server, accountId: "alice", appTransactionId: "AT-1").status == 200)
        let response = try await server.post(
            signedPayload: try rescind(try authority(server), appTransactionId: "AT-1"))
        #expect(response.status == 200)
        let account = try await account(server, "alice")
        #expect(account["state"] as? String == "consentRevoked")
        #expect(account["pushAllowed"] as? Bool == false)
        #expect(account["needsReconciliation"] as? Bool == true)
    }

    @Test("rescind before register is parked, then applied on register")
    func parkedThenApplied() async throws {
        let server = try ServerProcess()
        defer { server.terminate() }
        #expect(
            try await server.post(signedPayload: try rescind(try authority(server), appTransactionId: "AT-2")).status
                == 200)
        let registered = try await register(server, accountId: "bob", appTransactionId: "AT-2").json
        #expect(registered["state"] as? String == "consentRevoked")
        #expect(registered["pushAllowed"] as? Bool == false)
    }

    @Test("a duplicate delivery gives one notification and one event")
    func duplicateDelivery() async throws {
        let server = try ServerProcess()
        defer { server.terminate() }
        let jws = try rescind(try authority(server), appTransactionId: "AT-3")
        #expect(try await server.post(signedPayload: jws).json["status"] as? String == "stored")
        #expect(try await server.post(signedPayload: jws).json["status"] as? String == "duplicate")
        let stored = try await events(server).filter { $0["kind"] as? String == "notificationStored" }
        #expect(stored.count == 1)
    }

    @Test("the same UUID posted concurrently has exactly one effect")
    func concurrentSameUUID() async throws {
        let server = try ServerProcess()
        defer { server.terminate() }
        _ = try await register(server, accountId: "carol", appTransactionId: "AT-4")
        let jws = try rescind(try authority(server), appTransactionId: "AT-4")
        let statuses = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<24 {
                group.addTask { try await server.post(signedPayload: jws).json["status"] as? String ?? "" }
            }
            return try await group.reduce(into: [String]()) { $0.append($1) }
        }
        #expect(statuses.filter { $0 == "stored" }.count == 1)
        #expect(statuses.filter { $0 == "duplicate" }.count == 23)
        let all = try await events(server)
        #expect(all.filter { $0["kind"] as? String == "consentRevoked" }.count == 1)
        #expect(all.filter { $0["kind"] as? String == "notificationStored" }.count == 1)
    }

    @Test("forged, misaddressed, oversized and malformed requests get their status and code and change nothing")
    func badInput() async throws {
        let server = try ServerProcess()
        defer { server.terminate() }
        let ca = try authority(server)
        let other = try LocalCertificateAuthority.generate(
            notBefore: Date().addingTimeInterval(-3600), notAfter: Date().addingTimeInterval(3600))
        let forged = try SimulatedPayloads.notification(
            type: "RESCIND_CONSENT", subtype: nil, bundleId: Self.bundleId, environment: .localTesting,
            appTransactionId: "AT-5", ca: other)
        let misaddressed = try SimulatedPayloads.notification(
            type: "RESCIND_CONSENT", subtype: nil, bundleId: "com.someone.else", environment: .localTesting,
            appTransactionId: "AT-5", ca: ca)
        let production = try SimulatedPayloads.notification(
            type: "RESCIND_CONSENT", subtype: nil, bundleId: Self.bundleId, environment: .production,
            appTransactionId: "AT-5", ca: ca)
        var truncated = try rescind(ca, appTransactionId: "AT-5")
        truncated.removeLast(10)
        // Beside a payload, 1,000 arrays 30 deep (61 KB): refused at its first unknown key. (A
        // larger one is cut as it arrives: AttackEndToEndTests.largeBombIsCutAsItArrives.)
        let nest = String(repeating: "[", count: 30) + String(repeating: "]", count: 30)
        let bomb =
            #"{"signedPayload":"a.b.c","x":["# + Array(repeating: nest, count: 1_000).joined(separator: ",") + "]}"
        let valid = try rescind(ca, appTransactionId: "AT-5")

        let cases: [(Data, Int, String)] = [
            (Data(#"{"signedPayload": "#.utf8), 400, "malformed_body"),
            (Data("[]".utf8), 400, "malformed_body"),
            (try JSONSerialization.data(withJSONObject: ["signedPayload": forged]), 401, "untrusted_chain"),
            (try JSONSerialization.data(withJSONObject: ["signedPayload": truncated]), 401, "signature_mismatch"),
            (try JSONSerialization.data(withJSONObject: ["signedPayload": misaddressed]), 403, "unknown_app"),
            (
                try JSONSerialization.data(withJSONObject: ["signedPayload": production]), 401,
                "untrusted_for_environment"
            ),
            (Data(repeating: UInt8(ascii: "a"), count: 300 * 1024), 413, "body_too_large"),
            (Data(bomb.utf8), 400, "unexpected_field"),
            (Data(#"{"signedPayload":"\#(valid)","note":1}"#.utf8), 400, "unexpected_field"),
            (Data(#"{"signedPayload":"\#(valid)","signedPayload":"\#(valid)"}"#.utf8), 400, "duplicate_field"),
            (Data(#"{"signedPayload":["\#(valid)"]}"#.utf8), 400, "malformed_body"),
        ]
        for (body, status, code) in cases {
            let response = try await server.request("POST", "/v2/notifications", body: body)
            #expect(response.status == status, "\(code)")
            #expect(response.errorCode == code)
        }
        #expect(try await events(server).isEmpty)
        #expect(try await server.request("GET", "/v1/apps/\(Self.bundleId)/events").status == 401)
    }

    @Test("a store another process holds locked gives 503 and /readyz fails, then recovers")
    func unwritableStore() async throws {
        let logFile = TestScratch.root.appendingPathComponent("unwritable-\(UUID().uuidString).log")
        let server = try ServerProcess(standardErrorFile: logFile)
        defer { server.terminate() }
        let ca = try authority(server)
        #expect(try await server.request("GET", "/readyz").status == 200)
        // Another process takes the write lock and keeps it for a few seconds.
        let locker = try server.holdWriteLock(seconds: 6)
        let uuid = UUID().uuidString.lowercased()
        let refused = try await server.post(signedPayload: try rescind(ca, appTransactionId: "AT-6", uuid: uuid))
        #expect(refused.status == 503)
        #expect(refused.errorCode == "store_unavailable")
        // The answer says retry, not what failed where; the detail is in the request log.
        let message = (refused.json["error"] as? [String: Any])?["message"] as? String ?? ""
        #expect(message == "the notification was not stored: deliver it again later", "\(message)")
        #expect(try await server.request("GET", "/readyz").status == 503)
        locker.waitUntilExit()
        #expect(try await server.request("GET", "/readyz").status == 200)
        #expect(try await server.request("GET", "/v1/notifications/\(uuid)", admin: true).status == 404)
        let retried = try await server.post(signedPayload: try rescind(ca, appTransactionId: "AT-6", uuid: uuid))
        #expect(retried.status == 200)
        let log = (try? String(contentsOf: logFile, encoding: .utf8)) ?? ""
        let line = log.split(separator: "\n").first { $0.contains(#""errorCode":"store_unavailable""#) }
        #expect(line?.contains(#""detail":"#) == true, "\(line.map(String.init) ?? log)")
    }

    @Test("every acknowledged notification is there after SIGTERM with requests in flight and a restart")
    func durableAcrossShutdown() async throws {
        let server = try ServerProcess()
        let ca = try authority(server)
        let payloads = try (0..<300).map { index in
            (
                uuid: Self.uuid(1, index),
                jws: try rescind(ca, appTransactionId: "AT-\(index)", uuid: Self.uuid(1, index))
            )
        }
        let acknowledged = await withTaskGroup(of: String?.self) { group in
            for (index, payload) in payloads.enumerated() {
                group.addTask {
                    if index == 150 { server.process.terminate() }  // SIGTERM while requests are in flight
                    let response = try? await server.post(signedPayload: payload.jws)
                    return response?.status == 200 ? payload.uuid : nil
                }
            }
            return await group.reduce(into: [String]()) { if let uuid = $1 { $0.append(uuid) } }
        }
        #expect(server.terminate() == 0)
        #expect(!acknowledged.isEmpty)
        let restarted = try ServerProcess(dataDirectory: server.dataDirectory)
        defer { restarted.terminate() }
        for uuid in acknowledged {
            let stored = try await restarted.request("GET", "/v1/notifications/\(uuid)", admin: true)
            #expect(stored.status == 200, "acknowledged \(uuid) is missing after restart")
        }
    }

    @Test("every acknowledged notification is there after SIGKILL under steady load and a restart")
    func durableAcrossKill() async throws {
        let server = try ServerProcess()
        let ca = try authority(server)
        // Enough for the WAL to be started over (past 4,096 frames) a few times before the kill.
        let count = 4_000
        let payloads = try (0..<count).map { index in
            (
                uuid: Self.uuid(2, index),
                jws: try rescind(ca, appTransactionId: "AT-K\(index)", uuid: Self.uuid(2, index))
            )
        }
        let answered = AnswerCounter()
        let acknowledged = await withTaskGroup(of: String?.self) { group in
            for payload in payloads {
                group.addTask {
                    let response = try? await server.post(signedPayload: payload.jws)
                    if answered.next() == count * 3 / 4 {
                        kill(server.process.processIdentifier, SIGKILL)
                    }
                    return response?.status == 200 ? payload.uuid : nil
                }
            }
            return await group.reduce(into: [String]()) { if let uuid = $1 { $0.append(uuid) } }
        }
        server.process.waitUntilExit()
        #expect(server.process.terminationReason == .uncaughtSignal)
        #expect(acknowledged.count >= count / 2)
        let restarted = try ServerProcess(dataDirectory: server.dataDirectory)
        defer { restarted.terminate() }
        let missing = await withTaskGroup(of: String?.self) { group in
            for uuid in acknowledged {
                group.addTask {
                    let stored = try? await restarted.request("GET", "/v1/notifications/\(uuid)", admin: true)
                    return stored?.status == 200 ? nil : uuid
                }
            }
            return await group.reduce(into: [String]()) { if let uuid = $1 { $0.append(uuid) } }
        }
        #expect(missing.isEmpty, "acknowledged but missing after the restart: \(missing.prefix(5))")
    }

    @Test("one JSON line per request on standard error, each written by the time SIGTERM ends the server")
    func requestLogLines() async throws {
        let logFile = TestScratch.root.appendingPathComponent("agekit-e2e-log-\(UUID().uuidString).jsonl")
        defer { try? FileManager.default.removeItem(at: logFile) }
        let server = try ServerProcess(standardErrorFile: logFile)
        let ca = try authority(server)
        var uuids: [String] = []
        var payloads: [String] = []
        for index in 0..<40 {
            let uuid = Self.uuid(3, index)
            let jws = try rescind(ca, appTransactionId: "AT-LOG-\(index)", uuid: uuid)
            #expect(try await server.post(signedPayload: jws).status == 200)
            uuids.append(uuid)
            payloads.append(jws)
        }
        #expect(try await server.request("POST", "/v2/notifications", body: Data("{}".utf8)).status == 400)
        // Requests answered while the server drains after SIGTERM: their lines are written
        // just before it exits.
        let late = try (0..<60).map { index in
            (
                uuid: Self.uuid(4, index),
                jws: try rescind(ca, appTransactionId: "AT-LATE-\(index)", uuid: Self.uuid(4, index))
            )
        }
        let answered = await withTaskGroup(of: String?.self) { group in
            for (index, payload) in late.enumerated() {
                group.addTask {
                    if index == 30 { server.process.terminate() }
                    let response = try? await server.post(signedPayload: payload.jws)
                    return response?.status == 200 ? payload.uuid : nil
                }
            }
            return await group.reduce(into: [String]()) { if let uuid = $1 { $0.append(uuid) } }
        }
        #expect(server.terminate() == 0)

        let text = String(decoding: try Data(contentsOf: logFile), as: UTF8.self)
        let lines = text.split(separator: "\n").compactMap { line in
            try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
        }
        let logged = Set(lines.compactMap { $0["notificationUUID"] as? String })
        #expect(answered.filter { !logged.contains($0) } == [], "answered during the drain, not logged")
        let posts = lines.filter { $0["route"] as? String == "/v2/notifications" }.prefix(41)
        #expect(posts.count == 41, "\(posts.count) lines for the first 41 requests")
        #expect(posts.prefix(40).compactMap { $0["notificationUUID"] as? String } == uuids)
        #expect(
            posts.prefix(40).allSatisfy {
                $0["status"] as? Int == 200 && $0["notificationType"] as? String == "RESCIND_CONSENT"
            })
        #expect(posts.last?["status"] as? Int == 400)
        #expect(posts.last?["errorCode"] as? String != nil)
        #expect(!(payloads + late.map(\.jws)).contains { text.contains($0.prefix(60)) }, "a payload reached the log")
        #expect(!text.contains(server.adminToken))
    }

    @Test("agekit simulate posts a revocation the way the sandbox's Revoke App Consent does")
    func simulatePostsRescind() async throws {
        let server = try ServerProcess()
        defer { server.terminate() }
        let caDirectory = server.dataDirectory.appendingPathComponent("ca").path
        let signed = try AgekitBinary.run([
            "simulate", "app-transaction", "--app-transaction-id", "AT-CLI", "--ca-dir", caDirectory,
        ])
        #expect(signed.status == 0)
        let body = try JSONSerialization.data(
            withJSONObject: [
                "accountId": "dana", "signedAppTransaction": signed.out.trimmingCharacters(in: .whitespacesAndNewlines),
            ])
        #expect(
            try await server.request("POST", "/v1/apps/\(Self.bundleId)/app-transactions", body: body, admin: true)
                .status == 200)
        let posted = try AgekitBinary.run([
            "simulate", "rescind", "--app-transaction-id", "AT-CLI", "--ca-dir", caDirectory, "--to",
            server.baseURL.absoluteString,
        ])
        #expect(posted.status == 0)
        #expect(posted.out.contains("HTTP 200"))
        #expect(try await account(server, "dana")["state"] as? String == "consentRevoked")
        let elsewhere = try AgekitBinary.run([
            "simulate", "rescind", "--app-transaction-id", "AT-CLI", "--bundle-id", "com.unknown", "--ca-dir",
            caDirectory,
            "--to", server.baseURL.absoluteString,
        ])
        #expect(elsewhere.status == 1)
        #expect(elsewhere.out.contains("unknown_app"))
    }

    @Test("HTTPS straight from certificate and key files, TLS 1.2 or later")
    func servesTLS() throws {
        let directory = TestScratch.root.appendingPathComponent(
            "agekit-e2e-tls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let key = directory.appendingPathComponent("key.pem").path
        let certificate = directory.appendingPathComponent("cert.pem").path
        #expect(
            try Tool.run(
                "openssl",
                [
                    "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-days", "2",
                    "-subj", "/CN=127.0.0.1", "-keyout", key, "-out", certificate,
                ]) == 0)
        let configuration = directory.appendingPathComponent("agekit.json")
        try Data(#"{"localTesting": true, "tls": {"certificate": "\#(certificate)", "key": "\#(key)"}}"#.utf8)
            .write(to: configuration)
        let server = try ServerProcess(dataDirectory: directory, extraArguments: ["--config", configuration.path])
        defer { server.terminate() }
        #expect(server.printed.contains { $0.contains("listening on https://") })
        let url = "https://127.0.0.1:\(server.port)/healthz"
        #expect(try Tool.run("curl", ["-sfk", "--tlsv1.2", url]) == 0)
        #expect(try Tool.run("curl", ["-sfk", "--tlsv1.1", "--tls-max", "1.1", url]) != 0)
        #expect(try Tool.run("curl", ["-sf", "http://127.0.0.1:\(server.port)/healthz"]) != 0)
        // The served certificate's expiry is on /metrics, for an alert before it runs out.
        let scraped = directory.appendingPathComponent("metrics.txt")
        #expect(try Tool.run("curl", ["-sfk", "-o", scraped.path, "https://127.0.0.1:\(server.port)/metrics"]) == 0)
        let metrics = (try? String(contentsOf: scraped, encoding: .utf8)) ?? ""
        #expect(metrics.contains("# TYPE agekit_tls_certificate_expiry_timestamp_seconds gauge"))
    }
}

/// Counts answers across the tasks of a group.
private final class AnswerCounter: Sendable {
    private let count = Atomic<Int>(0)

    /// The number of answers so far, this one included.
    func next() -> Int { count.add(1, ordering: .relaxed).newValue }
}
