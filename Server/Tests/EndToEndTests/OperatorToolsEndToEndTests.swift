import AppStoreSignedData
import ConsentServer
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The tools an operator reaches for, on the real binary beside a real server.
@Suite("the operator's tools end to end", .serialized)
struct OperatorToolsEndToEndTests {
    static let bundleId = "com.example.agekit"

    static func rescind(_ server: ServerProcess, uuid: String = UUID().uuidString.lowercased()) throws -> String {
        try SimulatedPayloads.notification(
            type: "RESCIND_CONSENT", subtype: nil, bundleId: bundleId, environment: .localTesting,
            appTransactionId: "AT-\(uuid.prefix(8))", notificationUUID: uuid, ca: try server.localCA())
    }

    /// Starts `agekit arguments` and returns it with its standard output.
    static func start(_ arguments: [String]) throws -> (Process, Pipe) {
        let process = Process()
        process.executableURL = AgekitBinary.url
        process.arguments = arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        return (process, out)
    }

    /// Waits up to `seconds` for the process to end; kills it past that. True when it ended.
    static func finish(_ process: Process, seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        let ended = !process.isRunning
        if !ended { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        return ended
    }

    @Test("events tail --json follows the feed: events committed after it starts, one JSON line each, none before")
    func eventsTail() async throws {
        let server = try ServerProcess()
        defer { server.terminate() }
        #expect(try await server.post(signedPayload: try Self.rescind(server)).status == 200)
        let (tail, out) = try Self.start([
            "events", "tail", "--json", "--count", "2", "--interval", "0.2", "--data-dir", server.dataDirectory.path,
        ])
        try await Task.sleep(for: .seconds(1.5))  // past its first look at the feed
        let uuid = UUID().uuidString.lowercased()
        #expect(try await server.post(signedPayload: try Self.rescind(server, uuid: uuid)).status == 200)
        #expect(Self.finish(tail, seconds: 15), "tail did not stop after --count events")
        #expect(tail.terminationStatus == 0)
        let lines = String(decoding: out.fileHandleForReading.readAllRetryingInterrupts(), as: UTF8.self)
            .split(separator: "\n").map(String.init)
        #expect(lines.count == 2, "\(lines)")
        for line in lines {
            let event = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect(event["bundleId"] as? String == Self.bundleId)
            #expect(event["notificationUUID"] as? String == uuid, "an event from before tail started: \(line)")
            #expect(event["cursor"] is Int && event["kind"] is String)
        }
    }
}

extension OperatorToolsEndToEndTests {
    @Test(
        "agekit check catches an unopenable store, a store password and half a TLS pair before serve starts, and never prints the password",
        arguments: ["missing directory", "not a database", "postgres password", "half a TLS pair"])
    func checkCatchesTheBadDay(_ fault: String) throws {
        let directory = TestScratch.root.appendingPathComponent("check-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let secret = "PLANTED-SECRET-\(UInt32.random(in: 0...UInt32.max))"
        var options = ["--listen", "127.0.0.1:0", "--data-dir", directory.appendingPathComponent("data").path]
        var environment: [String: String] = [:]
        var expected: String
        switch fault {
        case "missing directory":
            expected = directory.appendingPathComponent("nonexistent/dir/x.sqlite").path
            options += ["--store", "sqlite:" + expected]
        case "not a database":
            expected = directory.appendingPathComponent("garbage.sqlite").path
            try Data(repeating: 0x41, count: 8_192).write(to: URL(fileURLWithPath: expected))
            options += ["--store", "sqlite:" + expected]
        case "postgres password":
            expected = "postgres://postgres:***@127.0.0.1:1"
            options += ["--store", "postgres://postgres:\(secret)@127.0.0.1:1/agekit?connect_timeout=2"]
        default:
            expected = "AGEKIT_TLS_CERT"
            environment["AGEKIT_TLS_CERT"] = directory.appendingPathComponent("cert.pem").path
        }
        let check = try AgekitBinary.run(["check"] + options, environment: environment)
        #expect(check.status == 1, "\(fault): \(check.out)")
        let failure = check.out.split(separator: "\n").first { $0.hasPrefix("FAIL") }
        #expect(failure?.contains(expected) == true, "\(fault): \(check.out)")
        #expect(!(check.out + check.err).contains(secret))
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("data").path), "check wrote")
        let serve = try AgekitBinary.run(["serve"] + options, environment: environment)
        #expect(serve.status == 1)
        #expect(serve.err.contains(expected), "\(fault): \(serve.err)")
        #expect(!(serve.out + serve.err).contains(secret))
    }

    @Test("agekit check passes a sound setup and writes nothing; serve refuses an admin token file others can read")
    func checkPassesAndServeRunsTheSameChecks() throws {
        let directory = TestScratch.root.appendingPathComponent("check-ok-\(UUID().uuidString)")
        let fresh = try AgekitBinary.run(["check", "--listen", "127.0.0.1:0", "--data-dir", directory.path])
        #expect(fresh.status == 0, "\(fresh.out)")
        #expect(fresh.out.contains("ready to serve"))
        #expect(!FileManager.default.fileExists(atPath: directory.path), "check wrote the data directory")

        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let token = directory.appendingPathComponent("admin-token").path
        #expect(
            FileManager.default.createFile(
                atPath: token, contents: Data(String(repeating: "t", count: 64).utf8),
                attributes: [.posixPermissions: 0o644]))
        let check = try AgekitBinary.run(["check", "--listen", "127.0.0.1:0", "--data-dir", directory.path])
        #expect(check.status == 1)
        #expect(check.out.contains("FAIL  admin token"), "\(check.out)")
        let serve = try AgekitBinary.run(["serve", "--listen", "127.0.0.1:0", "--data-dir", directory.path])
        #expect(serve.status == 1)
        #expect(serve.err.contains("others can read it"), "\(serve.err)")
    }
}

extension OperatorToolsEndToEndTests {
    @Test("simulate rescind --to delivers again after a 503, as Apple does, and not after another refusal")
    func simulateRetriesA503() async throws {
        let ca = TestScratch.root.appendingPathComponent("simulate-retry-\(UUID().uuidString)").path
        for (statuses, exit, requests) in [([503, 503], Int32(0), 3), ([503, 503, 503, 503], 1, 4), ([400], 1, 1)] {
            let backend = RecordingBackend(statuses: statuses)
            let http = HTTPServer(configuration: HTTPServerConfiguration(port: 0), responder: backend)
            try http.start()
            defer { http.stop() }
            let run = try AgekitBinary.run([
                "simulate", "rescind", "--app-transaction-id", "AT-RETRY", "--ca-dir", ca,
                "--to", "http://127.0.0.1:\(http.port)",
            ])
            #expect(run.status == exit, "\(statuses): \(run.out) \(run.err)")
            #expect(backend.received.withLock { $0.count } == requests, "\(statuses)")
            #expect(run.err.contains("delivering again") == statuses.contains(503), "\(run.err)")
        }
    }

    @Test("simulate event sends a sample consent event signed as the forwarder signs, with --secret or from --config")
    func simulateEvent() async throws {
        let backend = RecordingBackend(statuses: [200, 200, 401])
        let http = HTTPServer(configuration: HTTPServerConfiguration(port: 0), responder: backend)
        try http.start()
        defer { http.stop() }
        let secret = "simulated-event-secret-0123456789"
        let url = "http://127.0.0.1:\(http.port)/hooks/agekit"
        let direct = try AgekitBinary.run([
            "simulate", "event", "--to", url, "--secret", secret, "--account-id", "erin",
        ])
        #expect(direct.status == 0, "\(direct.err)")
        #expect(direct.out.hasPrefix("HTTP 200"))

        let directory = TestScratch.root.appendingPathComponent("simulate-event-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let configuration = directory.appendingPathComponent("agekit.json")
        try Data(
            """
            {"localTesting": true, "apps": [{"bundleId": "com.example.shop", "environments": ["LocalTesting"],
              "forwarding": {"url": "\(url)", "secret": "\(secret)"}}]}
            """.utf8
        ).write(to: configuration)
        let configured = try AgekitBinary.run([
            "simulate", "event", "--config", configuration.path, "--kind", "consentRestored",
        ])
        #expect(configured.status == 0, "\(configured.err)")
        let refused = try AgekitBinary.run(["simulate", "event", "--to", url, "--secret", secret])
        #expect(refused.status == 1, "a 401 from the backend is a failure")

        let requests = backend.received.withLock { $0 }
        #expect(requests.count == 3)
        for (request, (bundleId, kind)) in zip(
            requests, [("com.example.agekit", "consentRevoked"), ("com.example.shop", "consentRestored")])
        {
            #expect(request.path == "/hooks/agekit")
            let timestamp = try #require(Int64(request.headers["agekit-timestamp"] ?? ""))
            #expect(abs(timestamp - Int64(Date().timeIntervalSince1970)) < 60)
            #expect(
                EventSignature.isValid(
                    request.headers["agekit-signature"] ?? "", secret: secret, timestamp: timestamp, body: request.body)
            )
            let event = try #require(try JSONSerialization.jsonObject(with: Data(request.body)) as? [String: Any])
            #expect(event["bundleId"] as? String == bundleId)
            #expect(event["kind"] as? String == kind)
            #expect((request.headers["agekit-event-id"] ?? "").hasPrefix(bundleId + ":"))
            #expect(request.headers["user-agent"] == Release.userAgent)
        }
        #expect(
            (try JSONSerialization.jsonObject(with: Data(requests[0].body)) as? [String: Any])?["accountId"] as? String
                == "erin")
    }
}

extension OperatorToolsEndToEndTests {
    @Test(
        "SIGTERM or SIGINT while serve is starting (a store that never answers) stops it at once",
        arguments: [SIGTERM, SIGINT])
    func signalWhileStarting(_ signal: Int32) throws {
        // A PostgreSQL "server" that accepts connections and never answers: libpq waits for
        // its first reply for ever (no connect_timeout), so serve is held in its startup.
        let silent = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(silent) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        inet_pton(AF_INET, "127.0.0.1", &address.sin_addr)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(silent, $0, length) == 0 && listen(silent, 16) == 0 && getsockname(silent, $0, &length) == 0
            }
        }
        try #require(bound)
        let port = UInt16(bigEndian: address.sin_port)
        let directory = TestScratch.root.appendingPathComponent("starting-\(UUID().uuidString)")
        let process = Process()
        process.executableURL = AgekitBinary.url
        process.arguments = [
            "serve", "--listen", "127.0.0.1:0", "--data-dir", directory.path, "--store",
            "postgres://agekit:secret@127.0.0.1:\(port)/agekit",
        ]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        Thread.sleep(forTimeInterval: 1.5)
        #expect(process.isRunning, "serve did not wait for the silent store")
        kill(process.processIdentifier, signal)
        #expect(Self.finish(process, seconds: 5), "serve ignored the signal while starting")
        let text = String(decoding: errors.fileHandleForReading.readAllRetryingInterrupts(), as: UTF8.self)
        #expect(text.contains("received while starting"), "\(text)")
        #expect(!text.contains("secret"))
    }
}

extension OperatorToolsEndToEndTests {
    /// A self-signed P-256 certificate for 127.0.0.1 (name and address), and its key.
    static func selfSigned(in directory: URL, name: String) throws -> (certificate: String, key: String) {
        let key = directory.appendingPathComponent("\(name)-key.pem").path
        let certificate = directory.appendingPathComponent("\(name)-cert.pem").path
        let status = try Tool.run(
            "openssl",
            [
                "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-days", "2",
                "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost", "-keyout", key,
                "-out", certificate,
            ])
        try #require(status == 0)
        return (certificate, key)
    }

    @Test(
        "simulate --to https with --cacert reaches a self-signed serve; without it, or with another CA, it is refused")
    func simulateWithCACert() throws {
        let directory = TestScratch.root.appendingPathComponent("cacert-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let pair = try Self.selfSigned(in: directory, name: "serve")
        let stranger = try Self.selfSigned(in: directory, name: "stranger")
        let configuration = directory.appendingPathComponent("agekit.json")
        try Data(
            #"{"localTesting": true, "tls": {"certificate": "\#(pair.certificate)", "key": "\#(pair.key)"}}"#.utf8
        ).write(to: configuration)
        let server = try ServerProcess(dataDirectory: directory, extraArguments: ["--config", configuration.path])
        defer { server.terminate() }
        let rescind = [
            "simulate", "rescind", "--app-transaction-id", "AT-TLS", "--ca-dir",
            directory.appendingPathComponent("ca").path,
            "--to", "https://127.0.0.1:\(server.port)",
        ]
        let trusted = try AgekitBinary.run(rescind + ["--cacert", pair.certificate])
        #expect(trusted.status == 0, "\(trusted.err)")
        #expect(trusted.out.hasPrefix("HTTP 200") && trusted.out.contains(#""status":"stored""#), "\(trusted.out)")
        let untrusted = try AgekitBinary.run(rescind)
        #expect(untrusted.status == 1, "\(untrusted.out)")
        // Without --cacert the client trusts the system's store, which OpenSSL reads from
        // SSL_CERT_FILE when it is set: the same certificate there is trusted, by name too.
        let systemStore = try AgekitBinary.run(
            rescind.dropLast() + ["https://localhost:\(server.port)"], environment: ["SSL_CERT_FILE": pair.certificate])
        #expect(systemStore.status == 0, "\(systemStore.err)")
        #expect(systemStore.out.hasPrefix("HTTP 200"), "\(systemStore.out)")
        let other = try AgekitBinary.run(rescind + ["--cacert", stranger.certificate])
        #expect(other.status == 1)
        #expect(other.err.contains("post_failed") && other.err.contains("certificate"), "\(other.err)")
        let plain = try AgekitBinary.run(
            ["simulate", "event", "--to", "http://127.0.0.1:1/x", "--secret", "s", "--cacert", pair.certificate])
        #expect(plain.status == 2, "--cacert with http:// is a usage mistake")
    }
}

extension OperatorToolsEndToEndTests {
    @Test("check reports the migrations serve would apply, and a store newer than this agekit as a failure")
    func checkReportsMigrations() async throws {
        let server = try ServerProcess()
        #expect(try await server.request("GET", "/healthz").status == 200)
        server.terminate()
        let options = ["--listen", "127.0.0.1:0", "--data-dir", server.dataDirectory.path]
        let current = try AgekitBinary.run(["check"] + options)
        #expect(current.status == 0)
        #expect(current.out.contains("applied, none pending"), "\(current.out)")
        #expect(
            try Tool.run(
                "sqlite3", [server.databasePath, "INSERT INTO agekit_schema_migrations VALUES (999, 'future')"]) == 0)
        let newer = try AgekitBinary.run(["check"] + options)
        #expect(newer.status == 1)
        #expect(newer.out.contains("schema version 999, newer than this agekit knows"), "\(newer.out)")
    }
}
