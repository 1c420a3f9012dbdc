import ConsentServer
import Foundation
import TestSupport
import Testing

/// Google Play's revoked app approvals through the real binary: links on the admin API,
/// imports of the console's CSV by the route and by `agekit import revocations`, on SQLite and,
/// where a database is given, on PostgreSQL.
@Suite("Store revocations end to end", .serialized)
struct StoreRevocationsEndToEndTests {
    @Test("SQLite: link, import, freeze, forward with store googlePlay; re-import, park, re-approval, refusals")
    func sqlite() async throws {
        try await StoreScenario.run(postgres: nil)
    }

    @Test(
        "PostgreSQL: the same scenario on a shared store",
        .enabled(if: PostgresDatabase.shouldRun))
    func postgres() async throws {
        guard let url = PostgresDatabase.url else { throw PostgresDatabase.MissingDatabase() }
        let schema = "e2e_stores_\(UUID().uuidString.prefix(8).lowercased())"
        #expect(try Tool.run("psql", [url, "-v", "ON_ERROR_STOP=1", "-qc", "CREATE SCHEMA \(schema)"]) == 0)
        try await StoreScenario.run(postgres: url + (url.contains("?") ? "&" : "?") + "schema=\(schema)")
    }
}

/// The scenario of the issue, on one server and its store.
struct StoreScenario {
    let server: ServerProcess
    let backend: RecordingBackend
    /// The CLI's options naming the same store.
    let storeOptions: [String]
    let scratch: URL

    static func run(postgres: String?) async throws {
        let backend = RecordingBackend(statuses: [])
        let http = HTTPServer(configuration: HTTPServerConfiguration(port: 0), responder: backend)
        try http.start()
        defer { http.stop() }
        let json = """
            {"localTesting": true,
             "apps": [{"bundleId": "com.example.agekit", "environments": ["LocalTesting"],
                       "storeImports": {"googlePlay": {"maxAgeDays": 14}},
                       "forwarding": {"url": "http://127.0.0.1:\(http.port)/events",
                                      "secret": "forwarding-secret-0123456789"}}]}
            """
        let server = try ServerProcess.configured(
            json, label: "stores", extraArguments: postgres.map { ["--store", $0] } ?? [])
        defer { server.terminate() }
        let config = server.dataDirectory.appendingPathComponent("agekit.json").path
        let storeOptions =
            ["--config", config, "--data-dir", server.dataDirectory.path] + (postgres.map { ["--ledger", $0] } ?? [])
        let scenario = StoreScenario(
            server: server, backend: backend, storeOptions: storeOptions, scratch: server.dataDirectory)
        try await scenario.linkImportForward()
        try await scenario.parkedUntilLinked()
        try await scenario.reapprovedThenRevokedAgain()
        try await scenario.refusalsChangeNothing()
        try await scenario.reminders()
    }

    func linkImportForward() async throws {
        let linked = try await link("alice", "GP-1", status: "approved")
        #expect(linked.status == 200)
        let csv = try simulate(["GP-1"], at: "2026-03-05T10:00:00Z", name: "first.csv")
        let imported = try await importByRoute(csv)
        #expect(imported.status == 200)
        #expect(imported.json["frozenAccounts"] as? [String] == ["alice"])
        let account = try await account("alice")
        #expect(account["state"] as? String == "consentRevoked")
        #expect(account["store"] as? String == "googlePlay")
        #expect(account["pushAllowed"] as? Bool == false)
        #expect(account["needsReconciliation"] as? Bool == true)
        let forwarded = try await forwardedEvents(atLeast: 1)
        let revoked = forwarded.first { $0["kind"] as? String == "consentRevoked" }
        #expect(revoked?["store"] as? String == "googlePlay")
        #expect(revoked?["installId"] as? String == "GP-1")
        #expect(revoked?["accountId"] as? String == "alice")

        // The same CSV again, by the CLI: nothing changes.
        let before = try await feed(server).count
        let again = try AgekitBinary.run(
            ["import", "revocations", "--store", "googlePlay", csv.path, "--json"] + storeOptions)
        #expect(again.status == 0, "\(again.err)")
        let outcome = try JSONSerialization.jsonObject(with: Data(again.out.utf8)) as? [String: Any]
        #expect(outcome?["applied"] as? Int == 0)
        #expect(outcome?["unchanged"] as? Int == 1)
        #expect(try await feed(server).count == before)
    }

    func parkedUntilLinked() async throws {
        let csv = try simulate(["GP-9"], at: "2026-03-06T10:00:00Z", name: "unknown.csv")
        let dry = try AgekitBinary.run(
            ["import", "revocations", "--store", "googlePlay", csv.path, "--dry-run"] + storeOptions)
        #expect(dry.out.contains("would apply 1") && dry.out.contains("parked 1"), "\(dry.out)")
        let imported = try AgekitBinary.run(
            ["import", "revocations", "--store", "googlePlay", csv.path] + storeOptions)
        #expect(imported.out.contains("parked 1"), "\(imported.out) \(imported.err)")
        let kinds = try await feed(server).compactMap { $0["kind"] as? String }
        #expect(kinds.last == "revocationParked")
        let carol = try await link("carol", "GP-9", status: "approved")
        #expect(carol.json["state"] as? String == "consentRevoked")
        #expect(carol.json["store"] as? String == "googlePlay")
    }

    func reapprovedThenRevokedAgain() async throws {
        let restore = try await server.request(
            "POST", "/v1/apps/com.example.agekit/accounts/alice/restore",
            body: Data(#"{"actor":"support","reason":"the parent approved again"}"#.utf8), admin: true)
        #expect(restore.json["state"] as? String == "active")
        let relinked = try await link("alice", "GP-1", status: "approved", date: "2026-03-10")
        #expect(relinked.json["state"] as? String == "active")
        let installs = relinked.json["storeInstalls"] as? [[String: Any]]
        #expect(installs?.first?["significantChangeStatus"] as? String == "approved")
        let later = ISO8601DateFormatter().string(from: Date().addingTimeInterval(1))
        try await Task.sleep(for: .milliseconds(1_100))
        let csv = try simulate(["GP-1"], at: later, name: "again.csv")
        let imported = try await importByRoute(csv)
        #expect(imported.json["frozenAccounts"] as? [String] == ["alice"], "\(imported.json)")
        #expect(try await account("alice")["state"] as? String == "consentRevoked")
        let pending = try await link("dave", "GP-20", status: "pending", date: "2026-03-11")
        let shown = (pending.json["storeInstalls"] as? [[String: Any]])?.first
        #expect(shown?["significantChangeStatus"] as? String == "pending")
    }

    func refusalsChangeNothing() async throws {
        let before = try await feed(server).count
        let files: [(String, String, String)] = [
            ("no-header.csv", "GP-1\nGP-2\n", "no install id column"),
            ("no-install.csv", "Package,Revoked at\ncom.example.agekit,2026-03-05\n", "no install id column"),
            ("bad-date.csv", "Install ID,Revoked at\nGP-1,2026-03-05\nGP-2,yesterday\n", "line 3"),
        ]
        for (name, text, expected) in files {
            let file = scratch.appendingPathComponent(name)
            try Data(text.utf8).write(to: file)
            let run = try AgekitBinary.run(
                ["import", "revocations", "--store", "googlePlay", file.path] + storeOptions)
            #expect(run.status != 0)
            #expect(run.err.contains("invalid_import") && run.err.contains(expected), "\(run.err)")
            let route = try await importByRoute(file)
            #expect(route.status == 400 && route.errorCode == "invalid_import")
        }
        // 200 MB, sparse: refused by its size before it is read.
        let huge = scratch.appendingPathComponent("huge.csv")
        _ = FileManager.default.createFile(atPath: huge.path, contents: Data("Install ID\n".utf8))
        let handle = try FileHandle(forWritingTo: huge)
        try handle.truncate(atOffset: 200 * 1024 * 1024)
        try handle.close()
        let run = try AgekitBinary.run(["import", "revocations", "--store", "googlePlay", huge.path] + storeOptions)
        #expect(run.status != 0 && run.err.contains("at most 67108864 bytes"), "\(run.err)")
        try? FileManager.default.removeItem(at: huge)
        #expect(try await feed(server).count == before)
        #expect(try await account("bob-never")["state"] == nil)
    }

    func reminders() async throws {
        let metrics = try await server.request("GET", "/metrics")
        let text = String(decoding: metrics.body, as: UTF8.self)
        #expect(
            text.contains(#"agekit_store_last_import_timestamp_seconds{app="com.example.agekit",store="googlePlay"}"#))
        #expect(text.contains(#"agekit_store_import_max_age_days{app="com.example.agekit",store="googlePlay"} 14"#))
        let ledger = storeOptions.firstIndex(of: "--ledger").map { ["--store", storeOptions[$0 + 1]] } ?? []
        let check = try AgekitBinary.run(["check", "--listen", "127.0.0.1:0"] + storeOptions.prefix(4) + ledger)
        #expect(check.out.contains("googlePlay") && check.out.contains("last import"), "\(check.out)")
    }

    // MARK: - Steps

    func link(
        _ account: String, _ install: String, status: String, date: String = "2026-03-01"
    ) async throws
        -> ServerProcess.Response
    {
        let body = try JSONSerialization.data(withJSONObject: [
            "accountId": account, "store": "googlePlay", "installId": install, "significantChangeStatus": status,
            "statusDate": date,
        ])
        return try await server.request("POST", "/v1/apps/com.example.agekit/store-installs", body: body, admin: true)
    }

    func simulate(_ installs: [String], at date: String, name: String) throws -> URL {
        let file = scratch.appendingPathComponent(name)
        let run = try AgekitBinary.run(
            ["simulate", "revocations", "--store", "googlePlay", "--revoked-at", date, "--out", file.path]
                + installs.flatMap { ["--install-id", $0] })
        #expect(run.status == 0, "\(run.err)")
        return file
    }

    func importByRoute(_ file: URL) async throws -> ServerProcess.Response {
        try await server.request(
            "POST", "/v1/apps/com.example.agekit/store-revocations?store=googlePlay", body: try Data(contentsOf: file),
            admin: true)
    }

    func account(_ id: String) async throws -> [String: Any] {
        try await server.request("GET", "/v1/apps/com.example.agekit/accounts/\(id)", admin: true).json
    }

    func forwardedEvents(atLeast count: Int) async throws -> [[String: Any]] {
        let deadline = Date().addingTimeInterval(15)
        while backend.received.withLock({ $0.count }) < count && Date() < deadline {
            try await Task.sleep(for: .milliseconds(100))
        }
        return backend.received.withLock { $0 }.compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.body)) as? [String: Any]
        }
    }
}
