import AppStoreSignedData
import ConsentServer
import Foundation

/// `agekit demo`: the README's quick start as one command that cannot race. The receiver is
/// the one `serve` starts (``ServeCommand/start(_:_:requestLog:)``), in a temporary directory
/// on a free loopback port, with a backend of its own to forward to; each step says what it
/// did and checks it.
struct DemoCommand: Command {
    static let name = "demo"
    static let summary = "Run the consent lifecycle once on loopback: link, rescind, frozen account, event."
    static let options: [Option] = []
    static let help = """
        Usage: agekit demo

        Shows the consent lifecycle end to end on this machine and prints each step as it goes:
          1. starts a backend on a free loopback port that checks each forwarded event's
             signature (as yours should: docs/forwarding.md);
          2. starts the receiver, the same one 'agekit serve' runs, in LocalTesting mode in a
             new temporary directory on a free loopback port, forwarding to that backend;
          3. links the app transaction AT-DEMO to the account user-42 (POST /v1/.../app-transactions);
          4. posts a RESCIND_CONSENT signed by the local test CA, as 'agekit simulate rescind';
          5. shows the frozen account (GET /v1/.../accounts/user-42);
          6. shows the consentRevoked event the backend received;
        then stops both and removes the directory (also on failure, SIGINT or SIGTERM).

        Reads and writes nothing outside its temporary directory, and ignores the AGEKIT_*
        variables, so it runs beside a serve of your own.

        Exit status: 0 when every step did what it shows, 1 when one did not (the message
        names the step), 2 on a usage mistake.
        """

    static let bundleId = SignedDataOptions.defaultBundleId
    static let accountId = "user-42"
    static let appTransactionId = "AT-DEMO"

    static func run(_ arguments: [String], _ console: Console) async throws(CLIError) -> Int32 {
        let parsed = try Arguments(arguments, options)
        if let extra = parsed.positionals.first { throw .usage("unexpected argument '\(extra)'") }
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // A signal ends the process at once: the directory goes first.
        _ = TerminationWatch { signal in
            try? FileManager.default.removeItem(atPath: directory)
            TerminationWatch.stopNow("agekit demo: \(signal) received; removed \(directory)", status: 1)
        }
        console.out("agekit demo: the consent lifecycle on loopback, in \(directory)")
        var steps = DemoSteps(console: console)

        steps.begin("backend", "your backend's stand-in, on a free loopback port")
        let secret = UUID().uuidString
        let backend = DemoBackend(secret: secret)
        let backendServer = HTTPServer(configuration: HTTPServerConfiguration(port: 0), responder: backend)
        try steps.run { () throws(ServerError) in try backendServer.start() }
        defer { backendServer.stop(drainTimeoutSeconds: 1) }
        let eventsURL = "http://127.0.0.1:\(backendServer.port)\(DemoBackend.path)"
        steps.say("listening on \(eventsURL); it checks each event's AgeKit-Signature")

        steps.begin("receiver", "agekit serve in LocalTesting mode, forwarding \(bundleId) events to the backend")
        let runtime = try steps.run { () throws(ServerError) in try startReceiver(directory, eventsURL, secret, steps) }
        defer { runtime.stop(drainTimeoutSeconds: 1) }
        let receiver = "http://127.0.0.1:\(runtime.server.port)"
        let token = try steps.run { () throws(CLIError) in
            String(decoding: try SignedDataOptions.readFile(runtime.configuration.adminTokenFile), as: UTF8.self)
                .trimmingCharacters(in: .whitespacesAndNewlines)
        }
        let ca = try steps.run { () throws(VerificationError) in
            try LocalCertificateAuthority.load(directory: runtime.configuration.caDirectory)
        }

        let link = "/v1/apps/\(bundleId)/app-transactions"
        steps.begin("link", "app transaction \(appTransactionId) to account \(accountId): POST \(link)")
        let signedAppTransaction = try steps.run { () throws(VerificationError) in
            try SimulatedPayloads.appTransaction(
                appTransactionId: appTransactionId, bundleId: bundleId, environment: .localTesting, ca: ca)
        }
        try steps.expect(
            200,
            await DemoHTTP.send(
                "POST", receiver + link, token: token,
                json: ["accountId": accountId, "signedAppTransaction": signedAppTransaction]))

        steps.begin("rescind", "a guardian withdraws consent: RESCIND_CONSENT, signed by the local test CA")
        let rescind = try steps.run { () throws(VerificationError) in
            try SimulatedPayloads.notification(
                type: "RESCIND_CONSENT", subtype: nil, bundleId: bundleId, environment: .localTesting,
                appTransactionId: appTransactionId, ca: ca)
        }
        try steps.expect(
            200, await DemoHTTP.send("POST", receiver + "/v2/notifications", json: ["signedPayload": rescind]))

        let account = "/v1/apps/\(bundleId)/accounts/\(accountId)"
        steps.begin("account", "the account is frozen: GET \(account)")
        let answer = try steps.expect(200, await DemoHTTP.send("GET", receiver + account, token: token))
        try steps.check(DemoHTTP.field("state", of: answer) == "consentRevoked", "its state is not consentRevoked")

        steps.begin("forwarded", "the event the backend received")
        guard let event = await backend.firstEvent(within: 15) else {
            throw steps.failure("no event reached the backend within 15 s")
        }
        steps.say(event.body)
        try steps.check(event.signatureValid, "its AgeKit-Signature does not verify with the forwarding secret")
        try steps.check(DemoHTTP.field("kind", of: event.body) == "consentRevoked", "it is not consentRevoked")
        steps.say("AgeKit-Signature valid (HMAC-SHA256 with the forwarding secret)")

        console.out("agekit demo: every step passed; stopping the receiver and the backend, removing \(directory)")
        return 0
    }

    /// The receiver `serve` would start from a configuration file that forwards to the
    /// backend, its startup summary indented under the step. Nothing of the caller's
    /// environment reaches it (no AGEKIT_ADMIN_TOKEN, AGEKIT_STORE...).
    static func startReceiver(
        _ directory: String, _ eventsURL: String, _ secret: String, _ steps: DemoSteps
    ) throws(ServerError) -> ServerRuntime {
        let file = directory + "/agekit.json"
        let json = """
            {"localTesting": true,
             "apps": [{"bundleId": "\(bundleId)", "environments": ["LocalTesting"],
                       "forwarding": {"url": "\(eventsURL)", "secret": "\(secret)"}}]}
            """
        guard FileManager.default.createFile(atPath: file, contents: Data(json.utf8)) else {
            throw ServerError(.startupFailed, "cannot write \(file)")
        }
        let configuration = try ConfigurationLoader(environment: [:]).load(
            .init(configFile: file, listen: "127.0.0.1:0", dataDirectory: directory))
        let indented = Console(out: steps.say, err: steps.say)
        return try ServeCommand.start(configuration, indented, requestLog: .discard)
    }

    /// A new directory of the demo's own under the system's temporary directory.
    static func temporaryDirectory() throws(CLIError) -> String {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("agekit-demo-" + UUID().uuidString.prefix(8).lowercased()).path
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        } catch {
            throw .failure(code: "demo_failed", message: "cannot create \(path): \(FileProblem.reason(error))")
        }
        return path
    }
}
