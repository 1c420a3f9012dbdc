import AppStoreSignedData
import Foundation
import TestSupport
import Testing

/// Two real `agekit serve` processes on one PostgreSQL database: exactly-once effects
/// across instances. Needs `AGEKIT_TEST_POSTGRES_URL` (scripts/test starts a throwaway
/// cluster); without it the suite is skipped, except under CI where it must run.
@Suite("Several agekit serve instances on one PostgreSQL", .serialized, .enabled(if: PostgresDatabase.shouldRun))
struct PostgresEndToEndTests {
    static let bundleId = "com.example.agekit"

    @Test("a stalled PostgreSQL: 503 store_timeout at the commit deadline and /readyz within it, then stored")
    func stalledDatabase() async throws {
        guard let url = PostgresDatabase.url else { throw PostgresDatabase.MissingDatabase() }
        let name = "e2e_stall_\(UUID().uuidString.prefix(8).lowercased())"
        #expect(try Tool.run("psql", [url, "-v", "ON_ERROR_STOP=1", "-qc", "CREATE SCHEMA \(name)"]) == 0)
        // The server's own connections are named, so that stopping them stalls no other test,
        // and there is one: a pool opens its others on demand, and one opened after the stop
        // below would not be stopped.
        let store = url + (url.contains("?") ? "&" : "?") + "schema=\(name)&application_name=\(name)&pool_size=1"
        let directory = TestScratch.root.appendingPathComponent("agekit-e2e-pg-\(name)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let configuration = directory.appendingPathComponent("agekit.json")
        try Data(#"{"localTesting": true, "storage": {"commitTimeoutMilliseconds": 300}}"#.utf8).write(
            to: configuration)
        let server = try ServerProcess(
            dataDirectory: directory, extraArguments: ["--store", store, "--config", configuration.path])
        defer { server.terminate() }
        let ca = try LocalCertificateAuthority.load(directory: directory.appendingPathComponent("ca").path)
        // Each delivered again after a 503, as Apple would: on a busy machine a commit can
        // pass the short deadline before any stall.
        let payloads = try (0..<5).map { _ in
            let uuid = UUID().uuidString.lowercased()
            return (uuid, try StorageFaultsEndToEndTests.rescind(ca, uuid))
        }
        let before = await withTaskGroup(of: String?.self) { group in
            for (uuid, jws) in payloads {
                group.addTask {
                    for _ in 0..<20 {
                        if (try? await server.post(signedPayload: jws))?.status == 200 { return uuid }
                        try? await Task.sleep(for: .milliseconds(200))
                    }
                    return nil
                }
            }
            return await group.reduce(into: [String]()) { if let uuid = $1 { $0.append(uuid) } }
        }
        #expect(before.count == 5)

        // Every backend serving this server stops, as a stopped database server would.
        let backends = try PostgresDatabase.rows(
            "SELECT pid FROM pg_stat_activity WHERE application_name = '\(name)'")
        try #require(!backends.isEmpty, "no backend named \(name)")
        #expect(try Tool.run("kill", ["-STOP"] + backends) == 0)
        var resumed = false
        defer { if !resumed { _ = try? Tool.run("kill", ["-CONT"] + backends) } }
        let uuid = UUID().uuidString.lowercased()
        var started = Date()
        let refused = try await server.post(signedPayload: try StorageFaultsEndToEndTests.rescind(ca, uuid))
        #expect(refused.status == 503)
        #expect(refused.errorCode == "store_timeout")
        // A stopped backend never answers: without the deadline this waits for the client's
        // 30 s. The bound leaves room for a loaded machine (3.2 s was seen in a full run).
        #expect(Date().timeIntervalSince(started) < 10, "held past the commit deadline")
        started = Date()
        #expect(try await server.request("GET", "/readyz").status == 503)
        #expect(Date().timeIntervalSince(started) < 10, "/readyz held past the deadline")

        #expect(try Tool.run("kill", ["-CONT"] + backends) == 0)
        resumed = true
        #expect(try await StorageFaultsEndToEndTests.waitUntilReady(server, seconds: 15))
        // Apple delivers again: stored now, or found stored by the commit that finished late.
        let retried = try await server.post(signedPayload: try StorageFaultsEndToEndTests.rescind(ca, uuid))
        #expect(retried.status == 200)
        #expect(try await StorageFaultsEndToEndTests.missing(before + [uuid], in: server).isEmpty)
    }

    @Test("the same notifications delivered to two instances at once are stored and applied once")
    func sameNotificationOnTwoInstances() async throws {
        let (first, second) = try PostgresDatabase.twoServers()
        defer {
            first.terminate()
            second.terminate()
        }
        let ca = try LocalCertificateAuthority.load(directory: first.dataDirectory.appendingPathComponent("ca").path)
        let accounts = (0..<12).map { "acct-\($0)" }
        for (index, account) in accounts.enumerated() {
            let server = index.isMultiple(of: 2) ? first : second
            #expect(try await register(server, ca, accountId: account, appTransactionId: "AT-\(index)").status == 200)
        }
        let payloads = try accounts.indices.map { index in
            try SimulatedPayloads.notification(
                type: "RESCIND_CONSENT", subtype: nil, bundleId: Self.bundleId, environment: .localTesting,
                appTransactionId: "AT-\(index)", ca: ca)
        }
        let statuses = try await withThrowingTaskGroup(of: String.self) { group in
            for payload in payloads {
                for server in [first, second] {
                    group.addTask { try await server.post(signedPayload: payload).json["status"] as? String ?? "" }
                }
            }
            return try await group.reduce(into: [String]()) { $0.append($1) }
        }
        #expect(statuses.filter { $0 == "stored" }.count == payloads.count)
        #expect(statuses.filter { $0 == "duplicate" }.count == payloads.count)
        let events = try await feed(first)
        #expect(events.filter { $0["kind"] as? String == "notificationStored" }.count == payloads.count)
        #expect(events.filter { $0["kind"] as? String == "consentRevoked" }.count == payloads.count)
        for account in accounts {
            let state = try await second.request("GET", "/v1/apps/\(Self.bundleId)/accounts/\(account)", admin: true)
            #expect(state.json["state"] as? String == "consentRevoked")
        }
    }

    @Test("registrations and revocations racing on two instances end revoked, as on one")
    func racingRegistrationAndRevocation() async throws {
        let (first, second) = try PostgresDatabase.twoServers()
        defer {
            first.terminate()
            second.terminate()
        }
        let ca = try LocalCertificateAuthority.load(directory: first.dataDirectory.appendingPathComponent("ca").path)
        let rounds = 16
        try await withThrowingTaskGroup(of: Void.self) { group in
            for round in 0..<rounds {
                let (registrar, receiver) = round.isMultiple(of: 2) ? (first, second) : (second, first)
                let rescind = try SimulatedPayloads.notification(
                    type: "RESCIND_CONSENT", subtype: nil, bundleId: Self.bundleId, environment: .localTesting,
                    appTransactionId: "RACE-\(round)", ca: ca)
                group.addTask {
                    _ = try await register(
                        registrar, ca, accountId: "racer-\(round)", appTransactionId: "RACE-\(round)")
                }
                group.addTask { _ = try await receiver.post(signedPayload: rescind) }
            }
            try await group.waitForAll()
        }
        for round in 0..<rounds {
            let state = try await first.request("GET", "/v1/apps/\(Self.bundleId)/accounts/racer-\(round)", admin: true)
            #expect(state.json["state"] as? String == "consentRevoked", "round \(round)")
            #expect(state.json["pushAllowed"] as? Bool == false)
        }
    }

    @Test("while the database refuses the server: 503 and /readyz failing; afterwards recovery without a restart")
    func databaseOutage() async throws {
        let url = try #require(PostgresDatabase.url)
        let suffix = UUID().uuidString.prefix(8).lowercased()
        let role = "e2e_role_\(suffix)"
        let schema = "e2e_outage_\(suffix)"
        let password = "pw\(suffix)"
        func admin(_ sql: String) throws {
            #expect(try Tool.run("psql", [url, "-v", "ON_ERROR_STOP=1", "-qc", sql]) == 0, "\(sql)")
        }
        try admin("CREATE ROLE \(role) LOGIN PASSWORD '\(password)'")
        try admin("CREATE SCHEMA \(schema) AUTHORIZATION \(role)")
        defer {
            _ = try? Tool.run("psql", [url, "-qc", "DROP SCHEMA IF EXISTS \(schema) CASCADE"])
            _ = try? Tool.run("psql", [url, "-qc", "DROP ROLE IF EXISTS \(role)"])
        }
        var components = try #require(URLComponents(string: url))
        components.user = role
        components.password = password
        components.query = "schema=\(schema)"
        let server = try ServerProcess(extraArguments: ["--store", try #require(components.string)])
        defer { server.terminate() }
        let ca = try LocalCertificateAuthority.load(directory: server.dataDirectory.appendingPathComponent("ca").path)
        func rescind(_ uuid: String) throws -> String {
            try SimulatedPayloads.notification(
                type: "RESCIND_CONSENT", subtype: nil, bundleId: Self.bundleId, environment: .localTesting,
                appTransactionId: "AT-OUT", notificationUUID: uuid, ca: ca)
        }
        let (before, during) = (UUID().uuidString.lowercased(), UUID().uuidString.lowercased())
        #expect(try await server.post(signedPayload: try rescind(before)).status == 200)

        try admin("ALTER ROLE \(role) NOLOGIN")
        try admin("SELECT pg_terminate_backend(pid, 5000) FROM pg_stat_activity WHERE usename = '\(role)'")
        let refused = try await server.post(signedPayload: try rescind(during))
        #expect(refused.status == 503)
        #expect(refused.errorCode == "store_unavailable")
        #expect(try await server.request("GET", "/readyz").status == 503)
        #expect(try await server.request("GET", "/healthz").status == 200)

        try admin("ALTER ROLE \(role) LOGIN")
        // /readyz probes the store at most once a second: ready again within a few.
        var ready = false
        for _ in 0..<20 where !ready {
            ready = try await server.request("GET", "/readyz").status == 200
            if !ready { try await Task.sleep(for: .milliseconds(250)) }
        }
        #expect(ready)
        #expect(
            try await server.post(signedPayload: try rescind(during)).json["status"] as? String == "stored")
        #expect(try await server.request("GET", "/v1/notifications/\(before)", admin: true).status == 200)
    }
}

func register(
    _ server: ServerProcess, _ ca: LocalCertificateAuthority, accountId: String, appTransactionId: String
)
    async throws -> ServerProcess.Response
{
    let signed = try SimulatedPayloads.appTransaction(
        appTransactionId: appTransactionId, bundleId: "com.example.agekit", environment: .localTesting, ca: ca)
    let body = try JSONSerialization.data(withJSONObject: ["accountId": accountId, "signedAppTransaction": signed])
    return try await server.request("POST", "/v1/apps/com.example.agekit/app-transactions", body: body, admin: true)
}

func feed(_ server: ServerProcess) async throws -> [[String: Any]] {
    var events: [[String: Any]] = []
    var cursor = 0
    while true {
        let page = try await server.request(
            "GET", "/v1/apps/com.example.agekit/events?after=\(cursor)&limit=1000", admin: true
        ).json
        let batch = page["events"] as? [[String: Any]] ?? []
        if batch.isEmpty { return events }
        events += batch
        cursor = page["nextCursor"] as? Int ?? cursor
    }
}

enum PostgresDatabase {
    static var url: String? { ProcessInfo.processInfo.environment["AGEKIT_TEST_POSTGRES_URL"] }

    /// The output of `psql -Atc QUERY`, one line a row.
    static func rows(_ query: String) throws -> [String] {
        guard let url else { throw MissingDatabase() }
        let process = Process()
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["psql", url, "-v", "ON_ERROR_STOP=1", "-Atc", query]
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readAllRetryingInterrupts()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw MissingDatabase() }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    /// Runs where a database is given; under CI a missing database fails instead of skipping.
    static var shouldRun: Bool {
        if url != nil { return true }
        if ProcessInfo.processInfo.environment["CI"] == "true" { return true }
        FileHandle.standardError.write(
            Data("note: AGEKIT_TEST_POSTGRES_URL is not set: the PostgreSQL end-to-end tests are skipped\n".utf8))
        return false
    }

    /// A fresh schema, then two servers on it sharing one data directory (one local CA).
    static func twoServers() throws -> (ServerProcess, ServerProcess) {
        guard let url else { throw MissingDatabase() }
        let schema = "e2e_\(UUID().uuidString.prefix(8).lowercased())"
        let psql = try Tool.run("psql", [url, "-v", "ON_ERROR_STOP=1", "-qc", "CREATE SCHEMA \(schema)"])
        guard psql == 0 else { throw MissingDatabase() }
        let store = url + (url.contains("?") ? "&" : "?") + "schema=\(schema)"
        let directory = TestScratch.root.appendingPathComponent("agekit-e2e-pg-\(schema)")
        let first = try ServerProcess(dataDirectory: directory, extraArguments: ["--store", store])
        let second = try ServerProcess(dataDirectory: directory, extraArguments: ["--store", store])
        return (first, second)
    }

    struct MissingDatabase: Error, CustomStringConvertible {
        var description: String { "AGEKIT_TEST_POSTGRES_URL must name a reachable PostgreSQL database (CI=true)" }
    }
}

/// Tools from PATH the end-to-end tests drive besides agekit (psql, curl).
enum Tool {
    /// Runs a tool and returns its exit status.
    static func run(_ name: String, _ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [name] + arguments
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
