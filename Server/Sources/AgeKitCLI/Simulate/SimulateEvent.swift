import ConsentLedger
import ConsentServer
import Foundation
import ServerTime

/// `agekit simulate event`: a sample consent event sent to a backend exactly as the
/// forwarder sends one (same body shape, same signature headers), so a backend's signature
/// check can be tested without a notification.
enum SimulateEvent {
    static func run(_ arguments: [String], _ console: Console) async throws(CLIError) -> Int32 {
        let parsed = try Arguments(arguments, SimulateCommand.options(of: SimulateCommand.subcommand("event")))
        if let extra = parsed.positionals.first { throw .usage("unexpected argument '\(extra)'") }
        let (url, secrets, bundleId) = try target(parsed, console)
        let kinds = ["consentRevoked", "consentRestored", "revocationParked", "appTransactionLinked"]
        let kindName = parsed.value("kind") ?? "consentRevoked"
        guard kinds.contains(kindName), let kind = LedgerEvent.Kind(rawValue: kindName) else {
            throw .usage(
                "--kind: '\(kindName)' is not one of \(kinds.joined(separator: ", "))"
                    + NearestName.hint(for: kindName, among: kinds))
        }
        let now = SystemClock().now()
        let event = LedgerEvent(
            cursor: now, bundleId: bundleId, kind: kind, accountId: parsed.value("account-id") ?? "sample-account",
            appTransactionId: String(UInt64.random(in: 700_000_000_000_000_000...799_999_999_999_999_999)),
            notificationUUID: kind == .appTransactionLinked ? nil : UUID().uuidString.lowercased(),
            notificationType: kind == .appTransactionLinked ? nil : "RESCIND_CONSENT",
            detail: "a sample event from agekit simulate event", createdAt: now)
        let body: [UInt8]
        do {
            body = try ForwardedEvent.body(of: event)
        } catch {
            throw .failure(code: "encoding_failed", message: "\(error)")
        }
        let headers = EventSignature.headers(
            secrets: secrets, timestamp: now / 1000, body: body, eventId: "\(bundleId):\(event.cursor)")
        return try await SimulateCommand.post(
            url, headers: headers, body: body, cacert: parsed.value("cacert"), json: parsed.flag("json"),
            console: console)
    }

    /// Where to send and with which secrets (the current one first): the options, else the
    /// forwarding of the app (--bundle-id, or the one that forwards) in the configuration,
    /// with its previous secret while its rotation lasts.
    static func target(_ parsed: Arguments, _ console: Console) throws(CLIError) -> (URL, [String], String) {
        var url = parsed.value("to")
        var secret = parsed.value("secret")
        var previous = parsed.value("previous-secret")
        var bundleId = parsed.value("bundle-id")
        if url == nil || secret == nil {
            let configuration: ServerConfiguration
            do {
                configuration = try ConfigurationLoader(environment: console.environment).load(
                    .init(configFile: parsed.value("config")))
            } catch {
                throw .failure(code: error.code.rawValue, message: error.reason)
            }
            let forwarding = configuration.apps.filter {
                $0.forwarding != nil && (bundleId == nil || $0.bundleId == bundleId)
            }
            guard let app = forwarding.first, let target = app.forwarding else {
                throw .usage("name --to URL and --secret SECRET, or a --config whose app forwards events")
            }
            if secret == nil, previous == nil, let until = target.previousSecretUntil,
                until > SystemClock().now()
            {
                previous = target.previousSecret
            }
            (url, secret, bundleId) = (url ?? target.url, secret ?? target.secret, app.bundleId)
        }
        guard let text = url, let parsedURL = URL(string: text), ["http", "https"].contains(parsedURL.scheme ?? ""),
            parsedURL.host != nil
        else { throw .usage("--to: '\(url ?? "")' is not an http(s) URL") }
        guard let secret, !secret.isEmpty else { throw .usage("--secret: empty") }
        if previous?.isEmpty == true { throw .usage("--previous-secret: empty") }
        return (parsedURL, [secret] + (previous.map { [$0] } ?? []), bundleId ?? SignedDataOptions.defaultBundleId)
    }
}
