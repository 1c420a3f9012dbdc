import AppStoreServerAPI
import ConsentServer
import Foundation
import ServerTime

/// `agekit history sync`: recovers missed notifications from Get Notification History;
/// `agekit history attribute`: attributes accounts and revocations through Get App
/// Transaction Info (``HistoryAttribute``).
struct HistoryCommand: Command {
    static let name = "history"
    static let summary = "Recover missed notifications and attribute revocations through the App Store Server API."
    static let table =
        OptionTable(
            column: 22,
            [
                .valued(
                    "since", "DATE", "start: 2026-11-01 (UTC) or an ISO 8601 timestamp (2026-11-01T08:00:00Z)"),
                .valued("until", "DATE", "end (default now)"),
                .flag("only-failures", "only notifications Apple could not deliver"),
                .valued("type", "TYPE", "one notification type (e.g. RESCIND_CONSENT)"),
                .valued("subtype", "SUBTYPE", "one subtype of --type"),
                .valued("transaction-id", "ID", "one customer's notifications (not with --type)"),
                .flag("json", "print the final counts as a JSON object"),
                .flag("dry-run", "attribute: look up and verify, change nothing"),
            ]) + APICommandOptions.table
    static let options = table.options
    static let subcommands = [
        Subcommand(
            "sync", "Recovers missed notifications from Get Notification History.",
            options: options.map(\.name).filter { $0 != "dry-run" }),
        Subcommand(
            "attribute", "Links accounts and attributes revocations through Get App Transaction Info.",
            options: ["app", "config", "data-dir", "store", "dry-run", "json"]),
    ]
    static let help = """
        Usage: agekit history sync --app BUNDLE_ID --environment ENV --since DATE [--until DATE]
                                   [--only-failures] [--type TYPE [--subtype SUBTYPE]] [--transaction-id ID]
                                   [--config FILE] [--data-dir DIR] [--store URL]
                                   [--key-id ID --issuer-id ID --private-key FILE] [--base-url URL] [--json]
               agekit history attribute [--app BUNDLE_ID] [--config FILE] [--data-dir DIR] [--store URL]
                                        [--dry-run] [--json]

        Pages through the App Store Server API's Get Notification History and feeds every signed
        payload through the same path as POST /v2/notifications: verified, checked against the
        app, stored exactly once (a notification already stored is counted as duplicate and
        changes nothing). History reaches back 180 days in Production and 30 in Sandbox.

        attribute asks Get App Transaction Info about the ledger's accounts known only by
        transaction ids and its revocations that named no app transaction but carry a
        transaction id, for every app with an "api" key (or --app). A verified app transaction
        links the account as a registration does (revocations kept for it apply), or the
        revocation is kept for it and freezes every account linked to it. An id the App Store
        says leads to no app transaction is remembered and not asked again. At most \(Int(Attribution.lookupsPerSecond))
        lookups a second; 'agekit serve' runs the same every hour.

        Options:
        \(table.text)

        sync prints a progress line per page on standard error and the counts of new, duplicate
        and rejected payloads on standard output; attribute a line per account or revocation
        looked at on standard error and per app what it linked, attributed and left. Exit
        status: 0 done; 1 an API error or payloads the store could not commit (the code on
        standard error, e.g. rate_limited, unauthorized, store_unavailable); 2 usage.
        """

    static func run(_ arguments: [String], _ console: Console) async throws(CLIError) -> Int32 {
        if arguments.first == "attribute" {
            let parsed = try Arguments(Array(arguments.dropFirst()), options(of: try subcommand("attribute")))
            guard parsed.positionals.isEmpty else { throw .usage("unexpected argument '\(parsed.positionals[0])'") }
            return try await HistoryAttribute.run(parsed, console)
        }
        let parsed = try Arguments(arguments, options(of: try subcommand("sync")))
        guard parsed.positionals == ["sync"] else {
            throw .usage(
                parsed.positionals.isEmpty
                    ? "name the action: agekit history sync ... or agekit history attribute ..."
                    : "unknown action '\(parsed.positionals.joined(separator: " "))'")
        }
        guard let since = try parsed.value("since", as: "an ISO 8601 date", APICommandOptions.date) else {
            throw .usage("--since is required")
        }
        let now = SystemClock().date()
        let until = try parsed.value("until", as: "an ISO 8601 date", APICommandOptions.date) ?? now
        // A mistake in the options themselves: a usage error (exit 2), like every other one.
        if parsed.value("subtype") != nil && parsed.value("type") == nil {
            throw .usage("--subtype needs --type (a subtype is one of a type's)")
        }
        let options = try APICommandOptions(parsed, console: console)
        let request = NotificationHistoryRequest(
            startDate: since, endDate: until, notificationType: parsed.value("type"),
            notificationSubtype: parsed.value("subtype"), onlyFailures: parsed.flag("only-failures"),
            transactionId: parsed.value("transaction-id"))
        do {
            try request.validate(environment: options.environment, now: now)
        } catch {
            throw .failure(code: error.code.rawValue, message: error.reason)
        }
        let client = try options.client()
        let services = try options.services(console: console)
        defer { services.close() }

        let sync = HistorySync(source: client, intake: services.intake)
        let report = await sync.run(request) { report in
            console.err(
                "page \(report.pages): \(report.payloads) payloads so far (\(report.new) new, "
                    + "\(report.duplicate) duplicate, \(report.rejected) rejected)")
        }
        let what = "\(options.app.bundleId) \(options.environment.rawValue)"
        if parsed.flag("json") {
            console.out(json(report, app: options.app.bundleId, environment: options.environment))
        } else {
            var line =
                "history sync \(what): \(report.new) new, \(report.duplicate) duplicate, "
                + "\(report.rejected) rejected (\(report.pages) pages)"
            if !report.rejectionCodes.isEmpty {
                line +=
                    "; rejected: "
                    + report.rejectionCodes.sorted { $0.key < $1.key }
                    .map { "\($0.key) \($0.value)" }.joined(separator: ", ")
            }
            console.out(line)
        }
        if let failure = report.failure {
            throw .failure(code: failure.code.rawValue, message: failure.reason)
        }
        if report.storeFailures > 0 {
            throw .failure(
                code: "store_unavailable",
                message:
                    "\(report.storeFailures) payloads could not be stored; run the sync again once the store is back")
        }
        return 0
    }

    static func json(_ report: HistorySyncReport, app: String, environment: APIEnvironment) -> String {
        var object: [String: Any] = [
            "app": app, "environment": environment.rawValue, "pages": report.pages, "new": report.new,
            "duplicate": report.duplicate, "rejected": report.rejected, "rejectionCodes": report.rejectionCodes,
            "restarts": report.restarts, "storeFailures": report.storeFailures,
        ]
        // Written as null when there is none, as every field without a value.
        object["error"] = report.failure.map { ["code": $0.code.rawValue, "message": $0.reason] } ?? NSNull()
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }
}
