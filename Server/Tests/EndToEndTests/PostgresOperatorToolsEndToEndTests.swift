import AppStoreSignedData
import Foundation
import TestSupport
import Testing

/// The same tools on PostgreSQL, where a database is given.
@Suite("check and prune on PostgreSQL", .serialized, .enabled(if: PostgresDatabase.shouldRun))
struct PostgresOperatorToolsEndToEndTests {
    @Test("check reports the migrations of a PostgreSQL store, prune empties payloads there, and exactly-once holds")
    func checkAndPrune() async throws {
        guard let url = PostgresDatabase.url else { throw PostgresDatabase.MissingDatabase() }
        let schema = "e2e_prune_\(UUID().uuidString.prefix(8).lowercased())"
        #expect(try Tool.run("psql", [url, "-v", "ON_ERROR_STOP=1", "-qc", "CREATE SCHEMA \(schema)"]) == 0)
        let store = url + (url.contains("?") ? "&" : "?") + "schema=\(schema)"
        let fresh = try AgekitBinary.run(["check", "--listen", "127.0.0.1:0", "--store", store])
        #expect(fresh.status == 0, "\(fresh.out)")
        #expect(fresh.out.contains("0 applied, pending (serve applies them): 1 ledger"), "\(fresh.out)")

        let directory = TestScratch.root.appendingPathComponent("agekit-e2e-pg-\(schema)")
        let server = try ServerProcess(dataDirectory: directory, extraArguments: ["--store", store])
        defer { server.terminate() }
        let jws = try SimulatedPayloads.notification(
            type: "RESCIND_CONSENT", subtype: nil, bundleId: "com.example.agekit", environment: .localTesting,
            appTransactionId: "AT-PG-PRUNE", ca: try server.localCA())
        #expect(try await server.post(signedPayload: jws).json["status"] as? String == "stored")
        let migrated = try AgekitBinary.run(["check", "--listen", "127.0.0.1:0", "--store", store])
        #expect(migrated.out.contains("applied, none pending"), "\(migrated.out)")
        let prune = try AgekitBinary.run(["prune", "--payloads-older-than", "0", "--store", store])
        #expect(prune.status == 0, "\(prune.err)")
        #expect(prune.out.contains("pruned 1 signed payloads"), "\(prune.out)")
        #expect(try await server.post(signedPayload: jws).json["status"] as? String == "duplicate")
    }
}

extension PostgresOperatorToolsEndToEndTests {
    @Test("a password in a reachable PostgreSQL URL appears in no output: serve's banner and log, check, events, prune")
    func passwordInNoOutput() async throws {
        guard let url = PostgresDatabase.url else { throw PostgresDatabase.MissingDatabase() }
        guard var parts = URLComponents(string: url) else { throw PostgresDatabase.MissingDatabase() }
        // The test cluster trusts loopback, so any password connects: it must still never show.
        let secret = "PLANTED-SECRET-\(UInt32.random(in: 0...UInt32.max))"
        parts.password = secret
        let schema = "e2e_secret_\(UUID().uuidString.prefix(8).lowercased())"
        #expect(try Tool.run("psql", [url, "-v", "ON_ERROR_STOP=1", "-qc", "CREATE SCHEMA \(schema)"]) == 0)
        let base = try #require(parts.string)
        let store = base + (base.contains("?") ? "&" : "?") + "schema=\(schema)"
        let directory = TestScratch.root.appendingPathComponent("agekit-e2e-secret-\(schema)")
        let logFile = directory.appendingPathExtension("log")
        let server = try ServerProcess(
            dataDirectory: directory, extraArguments: ["--store", store], standardErrorFile: logFile)
        let jws = try SimulatedPayloads.notification(
            type: "RESCIND_CONSENT", subtype: nil, bundleId: "com.example.agekit", environment: .localTesting,
            appTransactionId: "AT-SECRET", ca: try server.localCA())
        #expect(try await server.post(signedPayload: jws).status == 200)
        var outputs = [server.printed.joined(separator: "\n")]
        for command in [
            ["check", "--listen", "127.0.0.1:0"], ["events", "status"], ["events", "dead"],
            ["events", "tail", "--after", "0", "--count", "1"], ["prune"],
        ] {
            let run = try AgekitBinary.run(command + ["--store", store, "--data-dir", directory.path])
            #expect(run.status == 0, "\(command): \(run.err)")
            outputs.append(run.out + run.err)
        }
        server.terminate()
        outputs.append(try String(contentsOf: logFile, encoding: .utf8))
        for output in outputs { #expect(!output.contains(secret), "\(output)") }
        #expect(outputs[0].contains("store: postgres://postgres@"), "\(outputs[0])")
    }
}
