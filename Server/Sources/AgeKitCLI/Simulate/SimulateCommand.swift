import AppStoreSignedData
import ConsentServer
import Foundation

/// `agekit simulate`: payloads signed by the local test CA, shaped like the App Store's.
///
/// Each subcommand builds a JWS; ``emit(_:options:console:)`` prints it, or posts it the
/// way Apple does with `--to URL`.
struct SimulateCommand: Command {
    static let name = "simulate"
    static let summary = "Sign App Store-shaped payloads with the local test CA."
    static let table = OptionTable(
        column: 24,
        [
            .valued("type", "TYPE", "Notification type, e.g. RESCIND_CONSENT, SUBSCRIBED, TEST."),
            .valued("subtype", "S", "Notification subtype, e.g. INITIAL_BUY."),
            .valued("bundle-id", "ID", "Default com.example.agekit."),
            .valued("environment", "ENV", "Sandbox, Production, Xcode or LocalTesting (default)."),
            .valued("app-transaction-id", "ID", "Default: a random 18-digit id."),
            .valued("app-apple-id", "N", "App Apple ID (Production payloads get 1 unless given)."),
            .valued("ca-dir", "DIR", "Default ./agekit-data/ca."),
            .valued(
                "to", "URL", "POST {\"signedPayload\": JWS} there instead of printing it, as",
                "Apple does (a bare http://host:port gets /v2/notifications);",
                "prints the answer; exit 0 on 2xx, 1 otherwise. A 503 (the",
                "store busy, say) is delivered again after 1, 2 and 4 s, as",
                "Apple delivers again later. For event: the backend's URL."),
            .valued(
                "cacert", "FILE", "With an https:// --to: trust the CA certificates (PEM) of FILE",
                "instead of the system's, e.g. a self-signed certificate of",
                "'agekit serve' or of a backend; the name or address in the", "URL must match the certificate."),
            .valued("secret", "SECRET", "event: the forwarding secret to sign with."),
            .valued(
                "previous-secret", "SECRET", "event: sign with this one too, as during a rotation",
                "(AgeKit-Signature: v1=... v1=...)."),
            .valued(
                "config", "FILE", "event: take the url and secret from this app's forwarding",
                "(with its previousSecret while its rotation lasts)."),
            .valued(
                "kind", "KIND", "event: consentRevoked (default), consentRestored,",
                "revocationParked or appTransactionLinked."),
            .valued("account-id", "ID", "event: the account named (default sample-account)."),
            .valued("store", "STORE", "revocations: googlePlay or amazon (the console's shape)."),
            .valued("install-id", "ID", "revocations: a revoked install (repeat for more; default one", "random id)."),
            .valued("revoked-at", "DATE", "revocations: when (default now), e.g. 2026-03-05T14:30:00Z."),
            .flag("without-time", "revocations: no revocation time column."),
            .valued("out", "FILE", "revocations: write the CSV there instead of printing it."),
            .flag(
                "json", "One JSON object: {\"signedPayload\"} printed, {\"status\", \"body\"} posted,",
                "{\"root\", \"sha256\"} for ca."),
        ])
    static let options = table.options
    /// Options every signing subcommand takes: what it signs and where it goes.
    static let common = [
        "bundle-id", "environment", "app-transaction-id", "app-apple-id", "ca-dir", "to", "cacert", "json",
    ]
    static let subcommands = [
        Subcommand(
            "notification", "A signed App Store Server Notification V2, printed as the JWS.",
            options: common + ["type", "subtype"]),
        Subcommand("rescind", "A RESCIND_CONSENT notification for one app transaction.", options: common),
        Subcommand("app-transaction", "A signed app transaction (what an app sends its backend).", options: common),
        Subcommand(
            "event", "A sample consent event POSTed to a backend as 'agekit serve' forwards one.",
            options: [
                "to", "secret", "previous-secret", "config", "bundle-id", "kind", "account-id", "cacert", "json",
            ]),
        Subcommand(
            "revocations", "A CSV of revoked app approvals in the shape of a store console's export.",
            options: ["store", "install-id", "revoked-at", "without-time", "out"]),
        Subcommand("ca", "Creates the CA if needed; prints its root's path and SHA-256.", options: ["ca-dir", "json"]),
    ]
    static let help = """
        Usage: agekit simulate notification --type TYPE [--subtype S] [--bundle-id ID]
                                            [--environment ENV] [--app-transaction-id ID]
                                            [--app-apple-id N] [--ca-dir DIR] [--json]
               agekit simulate rescind --app-transaction-id ID [--bundle-id ID] [--environment ENV]
                                            [--app-apple-id N] [--ca-dir DIR] [--to URL [--cacert FILE]]
                                            [--json]
               agekit simulate app-transaction [--app-transaction-id ID] [--bundle-id ID]
                                            [--environment ENV] [--app-apple-id N] [--ca-dir DIR] [--json]
               agekit simulate ca [--ca-dir DIR] [--json]
               agekit simulate revocations --store STORE [--install-id ID]... [--revoked-at DATE]
                                            [--without-time] [--out FILE]
               agekit simulate event [--to URL] [--secret SECRET] [--previous-secret SECRET]
                                            [--config FILE] [--bundle-id ID] [--kind KIND]
                                            [--account-id ID] [--cacert FILE] [--json]

        Signs payloads the way the App Store does (ES256, 3-certificate x5c) with a local test
        certificate authority, created in --ca-dir on first use. They verify only where that
        CA's root is trusted: 'agekit verify' without --root, or 'agekit serve' in its local
        testing mode.

        Subcommands:
          notification      A signed App Store Server Notification V2, printed as the JWS.
                            RESCIND_CONSENT carries appData with a signed app transaction;
                            SUBSCRIBED and the other purchase events a signed transaction and
                            renewal info; TEST a bare data section.
          rescind           A RESCIND_CONSENT notification for one app transaction: what the
                            sandbox's "Revoke App Consent" sends, on a laptop.
          app-transaction   A signed app transaction (what an app sends its backend).
          revocations       A CSV of revoked app approvals shaped like Google Play's or
                            Amazon's console export, for 'agekit import revocations' in tests
                            and demos (the consoles' exact column names are not published:
                            these headers are ones the importer recognises).
          ca                Creates the CA if needed; prints its root's path and SHA-256.
          event             A sample consent event POSTed to a backend as 'agekit serve'
                            forwards one: the same JSON and AgeKit-Signature headers, signed
                            with --secret (or the app's forwarding url and secret in --config),
                            so the backend's signature check can be tried without a
                            notification; with --previous-secret (or a rotation in --config)
                            it carries both signatures, as during a secret's rotation.
                            Prints the answer; exit 0 on 2xx, 1 otherwise.

        Each subcommand refuses the options it does not take ('agekit help simulate SUBCOMMAND').

        Options:
        \(table.text)
        """

    static func run(_ arguments: [String], _ console: Console) async throws(CLIError) -> Int32 {
        let subcommand = try subcommand(arguments.first)
        let rest = Array(arguments.dropFirst())
        if subcommand.name == "event" { return try await SimulateEvent.run(rest, console) }
        let options = try Arguments(rest, options(of: subcommand))
        if subcommand.name == "revocations" { return try SimulateRevocations.run(options, console) }
        if let extra = options.positionals.first { throw .usage("unexpected argument '\(extra)'") }
        switch subcommand.name {
        case "notification":
            return try await emit(try notification(options, type: options.required("type")), options, console)
        case "rescind":
            _ = try options.required("app-transaction-id")
            return try await emit(try notification(options, type: "RESCIND_CONSENT"), options, console)
        case "app-transaction":
            return try await emit(try appTransaction(options), options, console)
        default:
            let directory = options.value("ca-dir") ?? SignedDataOptions.defaultCADirectory
            let ca = try SignedDataOptions.loadOrCreateCA(directory)
            if options.flag("json") {
                console.out(
                    JSONOutput.line(["root": "\(directory)/root.pem", "sha256": ca.rootAnchor.sha256Fingerprint]))
            } else {
                console.out("root: \(directory)/root.pem")
                console.out("sha256: \(ca.rootAnchor.sha256Fingerprint)")
            }
            return 0
        }
    }

    static func notification(_ options: Arguments, type: String) throws(CLIError) -> String {
        let type = type.uppercased()
        guard NotificationType(rawValue: type).isDocumented else {
            let known = NotificationType.documented.map(\.rawValue).joined(separator: ", ")
            throw .usage("--type: '\(type)' is not a notification type; use one of \(known)")
        }
        let subtype = options.value("subtype")?.uppercased()
        if let subtype, !NotificationSubtype(rawValue: subtype).isDocumented {
            let known = NotificationSubtype.documented.map(\.rawValue).joined(separator: ", ")
            throw .usage("--subtype: '\(subtype)' is not a notification subtype; use one of \(known)")
        }
        let common = try Common(options)
        do {
            return try SimulatedPayloads.notification(
                type: type, subtype: subtype, bundleId: common.bundleId, environment: common.environment,
                appTransactionId: common.appTransactionId, appAppleId: common.appAppleId, ca: common.ca)
        } catch {
            throw .failure(code: "signing_failed", message: error.reason)
        }
    }

    static func appTransaction(_ options: Arguments) throws(CLIError) -> String {
        let common = try Common(options)
        do {
            return try SimulatedPayloads.appTransaction(
                appTransactionId: common.appTransactionId, bundleId: common.bundleId,
                environment: common.environment, appAppleId: common.appAppleId, ca: common.ca)
        } catch {
            throw .failure(code: "signing_failed", message: error.reason)
        }
    }

    /// Delivers a signed payload: prints it, or posts it to `--to`.
    static func emit(_ jws: String, _ options: Arguments, _ console: Console) async throws(CLIError) -> Int32 {
        guard let target = options.value("to") else {
            console.out(options.flag("json") ? JSONOutput.line(["signedPayload": jws]) : jws)
            return 0
        }
        guard var url = URL(string: target), let scheme = url.scheme, ["http", "https"].contains(scheme),
            url.host != nil
        else { throw .usage("--to: '\(target)' is not an http(s) URL") }
        if url.path.isEmpty || url.path == "/" { url = url.appendingPathComponent("v2/notifications") }
        let body = (try? JSONSerialization.data(withJSONObject: ["signedPayload": jws])) ?? Data()
        // A 503 says "not stored, retry later" (a busy store, a full verification lane): Apple
        // delivers again, hours later; a laptop's run should not fail on a moment's stall.
        var attempt = 1
        while true {
            let (status, text) = try await send(
                url, headers: ["Content-Type": "application/json"], body: [UInt8](body),
                cacert: options.value("cacert"))
            if status == 503 && attempt < deliveryAttempts {
                let wait = 1 << (attempt - 1)
                console.err(
                    "agekit simulate: HTTP 503 \(text); delivering again in \(wait) s (attempt \(attempt + 1) of "
                        + "\(deliveryAttempts)), as Apple delivers again later")
                try? await Task.sleep(for: .seconds(wait))
                attempt += 1
                continue
            }
            return answered(status, text, json: options.flag("json"), console: console)
        }
    }

    /// How many times `--to` is tried when it answers 503.
    static let deliveryAttempts = 4

    /// POSTs and prints the answer; exit 0 on 2xx. With `cacert` the server's certificate must
    /// chain to that file's CA (a self-signed setup); without, to the system's.
    static func post(
        _ url: URL, headers: [String: String], body: [UInt8], cacert: String?, json: Bool, console: Console
    ) async throws(CLIError) -> Int32 {
        let (status, text) = try await send(url, headers: headers, body: body, cacert: cacert)
        return answered(status, text, json: json, console: console)
    }

    /// Prints an answer; exit 0 on 2xx.
    private static func answered(_ status: Int, _ text: String, json: Bool, console: Console) -> Int32 {
        console.out(json ? JSONOutput.line(["status": status, "body": text]) : "HTTP \(status) \(text)")
        return (200..<300).contains(status) ? 0 : 1
    }

    /// POSTs once: the status and the body as text.
    private static func send(
        _ url: URL, headers: [String: String], body: [UInt8], cacert: String?
    ) async throws(CLIError) -> (Int, String) {
        if cacert != nil, url.scheme != "https" { throw .usage("--cacert: the URL must be https://") }
        let answer: HTTPClientResponse
        do {
            answer = try await NetworkHTTPClient(caFile: cacert).send(
                detached: HTTPClientRequest("POST", url, headers: headers, body: body))
        } catch {
            throw .failure(code: "post_failed", message: "could not post to \(url.absoluteString): \(error.reason)")
        }
        return (answer.status, String(decoding: answer.body, as: UTF8.self))
    }

    /// The options shared by the subcommands, parsed and defaulted.
    struct Common {
        var bundleId: String
        var environment: Environment
        var appTransactionId: String
        var appAppleId: Int64?
        var ca: LocalCertificateAuthority

        init(_ options: Arguments) throws(CLIError) {
            bundleId = options.value("bundle-id") ?? SignedDataOptions.defaultBundleId
            environment = try options.value("environment").map(SignedDataOptions.environment) ?? .localTesting
            appTransactionId =
                options.value("app-transaction-id")
                ?? String(UInt64.random(in: 700_000_000_000_000_000...799_999_999_999_999_999))
            appAppleId = try options.value("app-apple-id", as: "a number") { Int64($0) }
            ca = try SignedDataOptions.loadOrCreateCA(options.value("ca-dir") ?? SignedDataOptions.defaultCADirectory)
        }
    }
}
