import AppStoreSignedData
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// What an operator meets on a bad day, on the real binary: a store that cannot be opened, a
/// password in a store URL, half a TLS pair, a short admin token, a payload of the wrong kind.
@Suite("the operator's bad day end to end", .serialized)
struct OperatorEndToEndTests {
    @Test(
        "a store that cannot be opened stops serve and events at once with startup_failed naming it, not a hang",
        arguments: ["missing directory", "not a database"])
    func unopenableStore(_ fault: String) throws {
        let directory = TestScratch.root.appendingPathComponent("unopenable-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var store = directory.appendingPathComponent("nonexistent/dir/x.sqlite").path
        if fault == "not a database" {
            store = directory.appendingPathComponent("garbage.sqlite").path
            try Data(repeating: 0x41, count: 8_192).write(to: URL(fileURLWithPath: store))
        }
        for arguments in [
            ["serve", "--listen", "127.0.0.1:0", "--data-dir", directory.path, "--store", "sqlite:" + store],
            ["events", "status", "--store", "sqlite:" + store],
        ] {
            let process = Process()
            process.executableURL = AgekitBinary.url
            process.arguments = arguments
            let errors = Pipe()
            process.standardError = errors
            process.standardOutput = Pipe()
            try process.run()
            let deadline = Date().addingTimeInterval(10)
            while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
            let hung = process.isRunning
            if hung { process.interrupt() }
            if hung { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
            let text = String(decoding: errors.fileHandleForReading.readAllRetryingInterrupts(), as: UTF8.self)
            #expect(!hung, "\(arguments[0]) with \(fault) hung")
            #expect(process.terminationStatus != 0)
            #expect(text.contains(store), "\(arguments[0]): \(text)")
        }
    }

    @Test("a PostgreSQL password in the store URL is never printed when the store cannot be reached")
    func storePasswordRedacted() throws {
        let directory = TestScratch.root.appendingPathComponent("password-\(UUID().uuidString)")
        let secret = "PLANTED-SECRET-\(UInt32.random(in: 0...UInt32.max))"
        // Port 1 on loopback: nothing listens, so the connection is refused at once.
        let url = "postgres://postgres:\(secret)@127.0.0.1:1/agekit?connect_timeout=2"
        for arguments in [
            ["serve", "--listen", "127.0.0.1:0", "--data-dir", directory.path, "--store", url],
            ["events", "status", "--store", url],
        ] {
            let run = try AgekitBinary.run(arguments)
            #expect(run.status != 0)
            #expect(!run.out.contains(secret) && !run.err.contains(secret), "\(arguments[0]): \(run.err)")
            #expect(run.err.contains("postgres://postgres:***@127.0.0.1:1"), "\(arguments[0]): \(run.err)")
        }
    }

    @Test(
        "half a TLS pair, from the environment or the file, stops serve with a configuration error, never plain HTTP",
        arguments: ["certificate only", "key only", "file with certificate only"])
    func halfATLSPair(_ half: String) throws {
        let directory = TestScratch.root.appendingPathComponent("tls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var arguments = ["serve", "--listen", "127.0.0.1:0", "--data-dir", directory.path]
        var environment: [String: String] = [:]
        switch half {
        case "certificate only": environment["AGEKIT_TLS_CERT"] = directory.appendingPathComponent("cert.pem").path
        case "key only": environment["AGEKIT_TLS_KEY"] = directory.appendingPathComponent("key.pem").path
        default:
            let config = directory.appendingPathComponent("agekit.json")
            try Data(#"{"localTesting": true, "tls": {"certificate": "cert.pem"}}"#.utf8).write(to: config)
            arguments += ["--config", config.path]
        }
        let process = Process()
        process.executableURL = AgekitBinary.url
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
            .filter { $0.key != "AGEKIT_TLS_CERT" || environment["AGEKIT_TLS_CERT"] != nil }
            .filter { $0.key != "AGEKIT_TLS_KEY" || environment["AGEKIT_TLS_KEY"] != nil }
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = Pipe()
        try process.run()
        let deadline = Date().addingTimeInterval(10)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        let served = process.isRunning
        if served { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        let text = String(decoding: errors.fileHandleForReading.readAllRetryingInterrupts(), as: UTF8.self)
        #expect(!served, "\(half): serve started")
        #expect(process.terminationStatus != 0)
        #expect(text.contains("tls") || text.contains("TLS"), "\(half): \(text)")
    }

    @Test("an admin token under 32 characters stops serve at startup with the variable's name, and stores nothing")
    func shortAdminToken() throws {
        let directory = TestScratch.root.appendingPathComponent("short-token-\(UUID().uuidString)")
        let started = Date()
        let run = try AgekitBinary.run(
            ["serve", "--listen", "127.0.0.1:0", "--data-dir", directory.path],
            environment: ["AGEKIT_ADMIN_TOKEN": String(repeating: "k", count: 31)])
        #expect(run.status != 0)
        #expect(run.err.contains("AGEKIT_ADMIN_TOKEN"))
        #expect(run.err.contains("at least 32 characters"))
        #expect(Date().timeIntervalSince(started) < 10)
    }

    @Test("a change catalog with a misspelt key is refused with the key's name, never read without it")
    func catalogUnknownKey() throws {
        let directory = TestScratch.root.appendingPathComponent("catalog-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let catalog = directory.appendingPathComponent("changes.json")
        try Data(
            #"{"changes": [{"id": "chat", "introducedIn": "2.0", "description": "Adds chat with sellers", "scop": ["chat"]}]}"#
                .utf8
        ).write(to: catalog)
        let run = try AgekitBinary.run(["changes", "--catalog", catalog.path, "--persona", "13to15-approved"])
        #expect(run.status == 1)
        #expect(run.err.contains(#"changes[0] has an unknown key "scop""#), "\(run.err)")
        #expect(run.out.isEmpty)
    }

    @Test("events retry names an unknown app as an error, and --limit 0 is a usage error, not \"no dead events\"")
    func eventsCommandMistakes() throws {
        let directory = TestScratch.root.appendingPathComponent("events-\(UUID().uuidString)")
        let store = "sqlite:" + directory.appendingPathComponent("agekit.sqlite").path
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let retry = try AgekitBinary.run(["events", "retry", "--app", "com.nope", "--store", store])
        #expect(retry.status == 1)
        #expect(retry.err.contains("unknown_app") && retry.err.contains("com.nope"), "\(retry.err)")
        let known = try AgekitBinary.run(["events", "retry", "--app", "com.example.agekit", "--store", store])
        #expect(known.status == 0, "\(known.err)")
        let limit = try AgekitBinary.run(["events", "dead", "--limit", "0", "--store", store])
        #expect(limit.status == 2)
        #expect(limit.err.contains("--limit"), "\(limit.err)")
    }

    @Test("history sync --subtype without --type is a usage mistake: exit 2, before anything is asked of Apple")
    func historySubtypeWithoutType() throws {
        let run = try AgekitBinary.run([
            "history", "sync", "--since", "2026-11-01T00:00:00Z", "--subtype", "VOLUNTARY",
        ])
        #expect(run.status == 2, "\(run.err)")
        #expect(run.err.contains("--subtype needs --type"), "\(run.err)")
    }

    @Test("a data directory that cannot be created and a missing file are named with the system's reason, not a dump")
    func fileProblemsInPlainWords() throws {
        let blocker = TestScratch.root.appendingPathComponent("blocker-\(UUID().uuidString)")
        try Data("a file, not a directory".utf8).write(to: blocker)
        let serve = try AgekitBinary.run([
            "serve", "--listen", "127.0.0.1:0", "--data-dir", blocker.appendingPathComponent("data").path,
        ])
        #expect(serve.status != 0)
        #expect(serve.err.contains("cannot create the data directory"), "\(serve.err)")
        #expect(
            !serve.err.contains("NSCocoaErrorDomain") && !serve.err.contains("could not be completed"), "\(serve.err)")
        let ca = blocker.deletingLastPathComponent().appendingPathComponent("ca-\(UUID().uuidString)").path
        #expect(try AgekitBinary.run(["simulate", "ca", "--ca-dir", ca]).status == 0)
        let missing = try AgekitBinary.run(["verify", "--ca-dir", ca, "/nonexistent/agekit/x.jws"])
        #expect(missing.status == 1)
        #expect(missing.err.contains("No such file or directory"), "\(missing.err)")
    }

    @Test("a second serve on the same SQLite store is refused at once, naming the one that holds it")
    func secondServeRefused() async throws {
        let first = try ServerProcess()
        defer { first.terminate() }
        #expect(try await first.request("GET", "/healthz").status == 200)
        let second = try AgekitBinary.run([
            "serve", "--listen", "127.0.0.1:0", "--data-dir", first.dataDirectory.path,
        ])
        #expect(second.status != 0)
        #expect(second.err.contains("another agekit serve is using"), "\(second.err)")
        #expect(try await first.request("GET", "/healthz").status == 200)
    }

    @Test("simulate piped into verify works on first use in a fresh directory")
    func simulatePipedIntoVerify() throws {
        let directory = TestScratch.root.appendingPathComponent("pipe-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        let agekit = AgekitBinary.url.path
        shell.arguments = ["-c", "'\(agekit)' simulate notification --type RESCIND_CONSENT | '\(agekit)' verify -"]
        shell.currentDirectoryURL = directory
        let out = Pipe()
        let errors = Pipe()
        shell.standardOutput = out
        shell.standardError = errors
        try shell.run()
        let text = String(decoding: out.fileHandleForReading.readAllRetryingInterrupts(), as: UTF8.self)
        let problems = String(decoding: errors.fileHandleForReading.readAllRetryingInterrupts(), as: UTF8.self)
        shell.waitUntilExit()
        #expect(shell.terminationStatus == 0, "\(problems)")
        #expect(text.contains("RESCIND_CONSENT"))
    }

    @Test("verify --kind on a payload of another kind is refused with wrong_kind, not called valid")
    func verifyWrongKind() throws {
        let directory = TestScratch.root.appendingPathComponent("kind-\(UUID().uuidString)")
        let ca = directory.appendingPathComponent("ca").path
        let notification = try AgekitBinary.run([
            "simulate", "notification", "--type", "RESCIND_CONSENT", "--app-transaction-id", "705", "--ca-dir", ca,
        ])
        #expect(notification.status == 0)
        for kind in ["transaction", "renewal-info", "app-transaction"] {
            let run = try AgekitBinary.run(["verify", "--ca-dir", ca, "--kind", kind, "-"], input: notification.out)
            #expect(run.status == 1, "\(kind)")
            #expect(
                run.err.hasPrefix("wrong_kind: the payload is a notification, not a \(kind)"), "\(kind): \(run.err)")
            #expect(run.out.isEmpty)
        }
        let right = try AgekitBinary.run(
            ["verify", "--ca-dir", ca, "--kind", "notification", "-"], input: notification.out)
        #expect(right.status == 0)
    }
}
