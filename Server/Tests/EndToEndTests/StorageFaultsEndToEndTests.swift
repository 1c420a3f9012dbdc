import AppStoreSignedData
import Foundation
import Synchronization
import TestSupport
import Testing

/// Storage faults on the real binary with a real SQLite file: files deleted under it, a file
/// it may not write, a store that stalls. Nothing acknowledged with 200 may be lost, and the
/// server must say it is not ready while it cannot store.
@Suite("storage faults end to end", .serialized)
struct StorageFaultsEndToEndTests {
    static let bundleId = "com.example.agekit"

    static func rescind(_ ca: LocalCertificateAuthority, _ uuid: String) throws -> String {
        try SimulatedPayloads.notification(
            type: "RESCIND_CONSENT", subtype: nil, bundleId: bundleId, environment: .localTesting,
            appTransactionId: "AT-\(uuid.prefix(8))", notificationUUID: uuid, ca: ca)
    }

    /// Posts `count` new notifications, `parallel` at a time; the UUIDs answered 200.
    static func post(_ server: ServerProcess, _ ca: LocalCertificateAuthority, count: Int) async throws -> [String] {
        let payloads = try (0..<count).map { _ in
            let uuid = UUID().uuidString.lowercased()
            return (uuid, try rescind(ca, uuid))
        }
        return await withTaskGroup(of: String?.self) { group in
            for (uuid, jws) in payloads {
                group.addTask { (try? await server.post(signedPayload: jws))?.status == 200 ? uuid : nil }
            }
            return await group.reduce(into: [String]()) { if let uuid = $1 { $0.append(uuid) } }
        }
    }

    static func missing(_ uuids: [String], in server: ServerProcess) async throws -> [String] {
        var missing: [String] = []
        for uuid in uuids where try await server.request("GET", "/v1/notifications/\(uuid)", admin: true).status != 200
        {
            missing.append(uuid)
        }
        return missing
    }

    static func waitUntilReady(_ server: ServerProcess, seconds: Double = 8) async throws -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if try await server.request("GET", "/readyz").status == 200 { return true }
            try await Task.sleep(for: .milliseconds(200))
        }
        return false
    }

    static func mode(_ path: String) -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) ?? nil
    }

    static let deletions: [(String, [String])] = [
        ("the database, WAL and shared-memory files", ["", "-wal", "-shm"]),
        ("the WAL only", ["-wal"]),
    ]

    @Test("files deleted under the running server: 503 and not ready until reopened, nothing acknowledged lost")
    func deletedFiles() async throws {
        for (name, suffixes) in Self.deletions {
            let server = try ServerProcess()
            let ca = try LocalCertificateAuthority.load(
                directory: server.dataDirectory.appendingPathComponent("ca").path)
            var acknowledged = try await Self.post(server, ca, count: 200)
            #expect(acknowledged.count == 200, "\(name)")
            #expect(Self.mode(server.databasePath) == 0o600, "\(name): the database file is not 0600")
            for suffix in suffixes { try FileManager.default.removeItem(atPath: server.databasePath + suffix) }

            let sent = Date()
            let refused = try await server.post(signedPayload: try Self.rescind(ca, UUID().uuidString.lowercased()))
            #expect(refused.status == 503, "\(name): a notification was acknowledged into deleted files")
            #expect(refused.errorCode == "store_unavailable", "\(name)")
            // Not ready for the failure's hold (3 s) whatever the probe says; the probe may have
            // reopened the files since, so a loaded machine that took longer proves nothing.
            let readiness = try await server.request("GET", "/readyz").status
            if Date().timeIntervalSince(sent) < 3 {  // Ledger.failureHoldMilliseconds
                #expect(readiness == 503, "\(name): still ready")
            }
            acknowledged += try await Self.post(server, ca, count: 300)
            #expect(try await Self.waitUntilReady(server), "\(name): never ready again")
            let after = try await Self.post(server, ca, count: 50)
            #expect(after.count == 50, "\(name): not storing after the reopen")
            acknowledged += after
            #expect(Self.mode(server.databasePath) == 0o600, "\(name): the reopened database file is not 0600")
            #expect(server.terminate() == 0)

            let restarted = try ServerProcess(dataDirectory: server.dataDirectory)
            defer { restarted.terminate() }
            let lost = try await Self.missing(acknowledged, in: restarted)
            #expect(lost.isEmpty, "\(name): \(lost.count) of \(acknowledged.count) acknowledged notifications lost")
        }
    }

    /// `chattr +i` makes a file read-only even for root; where it is refused the test cannot run.
    static let immutableFilesWork: Bool = {
        let probe = TestScratch.root.appendingPathComponent("agekit-chattr-probe").path
        _ = FileManager.default.createFile(atPath: probe, contents: Data())
        defer {
            _ = try? Tool.run("chattr", ["-i", probe])
            try? FileManager.default.removeItem(atPath: probe)
        }
        return (try? Tool.run("chattr", ["+i", probe])) == 0
    }()

    @Test(
        "started on a database it may not write: 503 and not ready, then stores once the file is writable again",
        .enabled(if: immutableFilesWork, "needs chattr +i (root on a file system with immutable files)"))
    func readOnlyThenWritable() async throws {
        let first = try ServerProcess()
        let path = first.databasePath
        let ca = try LocalCertificateAuthority.load(directory: first.dataDirectory.appendingPathComponent("ca").path)
        let before = try await Self.post(first, ca, count: 20)
        #expect(first.terminate() == 0)
        #expect(try Tool.run("chattr", ["+i", path]) == 0)
        defer { _ = try? Tool.run("chattr", ["-i", path]) }

        let server = try ServerProcess(dataDirectory: first.dataDirectory)
        defer { server.terminate() }
        let uuid = UUID().uuidString.lowercased()
        let refused = try await server.post(signedPayload: try Self.rescind(ca, uuid))
        #expect(refused.status == 503)
        #expect(try await server.request("GET", "/readyz").status == 503)
        #expect(try Tool.run("chattr", ["-i", path]) == 0)
        #expect(try await Self.waitUntilReady(server), "still not ready after the file became writable")
        #expect(try await server.post(signedPayload: try Self.rescind(ca, uuid)).status == 200)
        #expect(try await Self.missing(before + [uuid], in: server).isEmpty)
    }

    static func openDescriptors(_ server: ServerProcess) -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(server.process.processIdentifier)/fd"))?.count
            ?? -1
    }

    @Test(
        "a shared-memory index made immutable under a running server: 503 and not ready while it lasts, no crash, then stores again",
        .enabled(if: immutableFilesWork, "needs chattr +i (root on a file system with immutable files)"))
    func immutableIndexWhileRunning() async throws {
        let server = try ServerProcess()
        defer { server.terminate() }
        let ca = try LocalCertificateAuthority.load(directory: server.dataDirectory.appendingPathComponent("ca").path)
        let before = try await Self.post(server, ca, count: 20)
        #expect(before.count == 20)
        // The checkpointer copies those commits within a second; an index made immutable in the
        // middle of that checkpoint (after its writability check) is a SIGBUS, a window this
        // test is not about: it waits the checkpoint out first.
        try await Task.sleep(for: .seconds(2))
        let index = server.databasePath + "-shm"
        #expect(try Tool.run("chattr", ["+i", index]) == 0)
        defer { _ = try? Tool.run("chattr", ["-i", index]) }
        // SQLite writes to its mapping of the index on every transaction, reads included: a
        // write to the mapping of an immutable file is a SIGBUS.
        for _ in 0..<6 {
            let uuid = UUID().uuidString.lowercased()
            #expect(try await server.post(signedPayload: try Self.rescind(ca, uuid)).status == 503)
            #expect(try await server.request("GET", "/readyz").status == 503)
            #expect(try await server.request("GET", "/v1/notifications/\(before[0])", admin: true).status == 503)
            try await Task.sleep(for: .milliseconds(300))
        }
        #expect(server.process.isRunning, "the server died while the index was immutable")
        #expect(try Tool.run("chattr", ["-i", index]) == 0)
        #expect(try await Self.waitUntilReady(server), "still not ready after the index became writable")
        let after = try await Self.post(server, ca, count: 5)
        #expect(after.count == 5)
        #expect(try await Self.missing(before + after, in: server).isEmpty)
        #expect(server.terminate() == 0)
    }

    @Test(
        "started with every database file immutable: 503 with a bounded number of descriptors, then stores without a restart once they are writable",
        .enabled(if: immutableFilesWork, "needs chattr +i (root on a file system with immutable files)"))
    func immutableFilesAtStartRecover() async throws {
        let first = try ServerProcess()
        let ca = try LocalCertificateAuthority.load(directory: first.dataDirectory.appendingPathComponent("ca").path)
        let before = try await Self.post(first, ca, count: 20)
        #expect(first.terminate() == 0)
        // A clean stop leaves no WAL or index behind: made again, as a crash would leave them.
        let paths = ["", "-wal", "-shm"].map { first.databasePath + $0 }
        for path in paths where !FileManager.default.fileExists(atPath: path) {
            _ = FileManager.default.createFile(atPath: path, contents: Data())
        }
        for path in paths { #expect(try Tool.run("chattr", ["+i", path]) == 0) }
        defer { for path in paths { _ = try? Tool.run("chattr", ["-i", path]) } }

        let server = try ServerProcess(dataDirectory: first.dataDirectory)
        defer { server.terminate() }
        var descriptors: [Int] = []
        for _ in 0..<8 {
            let uuid = UUID().uuidString.lowercased()
            #expect(try await server.post(signedPayload: try Self.rescind(ca, uuid)).status == 503)
            descriptors.append(Self.openDescriptors(server))
            try await Task.sleep(for: .milliseconds(400))
        }
        // One try a second to open the files again, none of them leaving a descriptor behind.
        #expect(descriptors.max()! - descriptors.min()! <= 2, "descriptors grew while read-only: \(descriptors)")
        for path in paths { #expect(try Tool.run("chattr", ["-i", path]) == 0) }
        #expect(try await Self.waitUntilReady(server), "still not ready after the files became writable")
        let after = try await Self.post(server, ca, count: 5)
        #expect(after.count == 5)
        #expect(try await Self.missing(before + after, in: server).isEmpty)
    }

    @Test(
        "an admin read that waits for a locked store holds no libmicrohttpd thread: /healthz on the one thread answers at once"
    )
    func slowAdminReadHoldsNoEventThread() async throws {
        let directory = TestScratch.root.appendingPathComponent("agekit-e2e-slow-read-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let configuration = directory.appendingPathComponent("agekit.json")
        try Data(#"{"localTesting": true, "http": {"threads": 1}}"#.utf8).write(to: configuration)
        let server = try ServerProcess(dataDirectory: directory, extraArguments: ["--config", configuration.path])
        defer { server.terminate() }
        let ca = try LocalCertificateAuthority.load(directory: directory.appendingPathComponent("ca").path)
        #expect(try await Self.post(server, ca, count: 1).count == 1)
        // The feed's new events need their positions, a short write: it waits for the lock.
        let locker = try server.holdWriteLock(seconds: 6)
        defer { locker.waitUntilExit() }
        let feed = Task { () -> (Int, Date) in
            let answer = try await server.request("GET", "/v1/apps/\(Self.bundleId)/events", admin: true)
            return (answer.status, Date())
        }
        try await Task.sleep(for: .milliseconds(300))  // the feed request is waiting by now
        let started = Date()
        let probe = try #require(RawConnection(port: server.port))
        probe.send("GET /healthz HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n")
        let (text, _) = probe.read(seconds: 10)
        let answered = Date()
        #expect(RawConnection.status(text) == 200)
        let (feedStatus, feedAnswered) = try await feed.value
        #expect(
            answered < feedAnswered,
            "/healthz waited for the feed: \(answered.timeIntervalSince(started)) s, the feed \(feedStatus)")
        #expect(answered.timeIntervalSince(started) < 1, "/healthz took \(answered.timeIntervalSince(started)) s")
    }

    @Test("a stalled store answers 503 store_timeout at the commit deadline, and /readyz within it")
    func stalledStoreHasADeadline() async throws {
        let directory = TestScratch.root.appendingPathComponent("agekit-e2e-stall-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let configuration = directory.appendingPathComponent("agekit.json")
        try Data(#"{"localTesting": true, "storage": {"commitTimeoutMilliseconds": 300}}"#.utf8).write(
            to: configuration)
        let server = try ServerProcess(dataDirectory: directory, extraArguments: ["--config", configuration.path])
        defer { server.terminate() }
        let ca = try LocalCertificateAuthority.load(directory: directory.appendingPathComponent("ca").path)
        // Commits before the lock: with other suites syncing beside it, one can take longer than
        // this server's 300 ms deadline and be answered 503, as Apple would be, who delivers it
        // again. Not what this test is about: delivered again here too.
        var stored = 0
        for _ in 0..<5 where stored < 5 { stored += try await Self.post(server, ca, count: 5 - stored).count }
        #expect(stored == 5)
        // Another process holds the write lock for longer than the deadline and the busy timeout.
        let locker = try server.holdWriteLock(seconds: 8)
        let uuid = UUID().uuidString.lowercased()
        var started = Date()
        let refused = try await server.post(signedPayload: try Self.rescind(ca, uuid))
        #expect(refused.status == 503)
        #expect(refused.errorCode == "store_timeout")
        // The lock is held for 8 s: an answer under 5 s did not wait for it, even on a machine
        // busy with the rest of the suite (a 1.5 s bound failed there once, at 2.2 s, and a
        // 3 s one at 4.9 s, when another suite's PostgreSQL commit stalled past 5 s too).
        #expect(Date().timeIntervalSince(started) < 5, "held past the commit deadline")
        started = Date()
        let ready = try await server.request("GET", "/readyz")
        #expect(ready.status == 503)
        #expect(Date().timeIntervalSince(started) < 3, "/readyz held past the deadline")
        locker.waitUntilExit()
        #expect(try await Self.waitUntilReady(server))
        let retried = try await server.post(signedPayload: try Self.rescind(ca, uuid))
        #expect(retried.status == 200)
        #expect(try await Self.missing([uuid], in: server).isEmpty)
    }
}
