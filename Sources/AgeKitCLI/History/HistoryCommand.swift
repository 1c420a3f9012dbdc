import AppStoreServerAPI
import ConsentServer
import Foundation

/// `agekit history sync`: recovers missed notifications from Get Notification History.
struct HistoryCommand: Command {
    static let name = "history"
    static let summary = "Recover missed notifications from the App Store's notification history."
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
            ]) + APICommandOptions.table
    static let options = table.options
    static let subcommands = [
        Subcommand(
            "sync", "Recovers missed notifications from Get Notification History.", options: options.map(\.name))
    ]
    static let help = """
        Usage: agekit history sync --app BUNDLE_ID --environment ENV --since DATE [--until DATE]
                                   [--only-failures] [--type TYPE [--subtype SUBTYPE]] [--transaction-id ID]
                                   [--config FILE] [--data-dir DIR] [--store URL]
                                   [--key-id ID --issuer-id ID --private-key FILE] [--base-url URL] [--json]

        Pages through the App Store Server API's Get Notification History and feeds every signed
        payload through the same path as POST /v2/notifications: verified, checked against the
        app, stored exactly once (a notification already stored is counted as duplicate and
        changes nothing). History reaches back 180 days in Production and 30 in Sandbox.

        Options:
        \(table.text)

        Prints a progress line per page on standard error and the counts of new, duplicate and
        rejected payloads on standard output. Exit status: 0 done; 1 an API error or payloads
        the store could not commit (the code on standard error, e.g. rate_limited, unauthorized,
        store_unavailable); 2 usage.
        """

    static func run(_ arguments: [String], _ console: Console) async throws(CLIError) -> Int32 {
        let parsed = try Arguments(arguments, options)
        guard parsed.positionals == ["sync"] else {
            throw .usage(
                parsed.positionals.isEmpty
                    ? "name the action: agekit history sync ..."
                    : "unknown action '\(parsed.positionals.joined(separator: " "))'")
        }
        guard let since = try parsed.value("since", as: "an ISO 8601 date", APICommandOptions.date) else {
            throw .usage("--since is required")
        }
        let until = try parsed.value("until", as: "an ISO 8601 date", APICommandOptions.date) ?? Date()
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
            try request.validate(environment: options.environment, now: Date())
        } catch {
            throw .failure(code: error.code.rawValue, message: error.message)
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
            throw .failure(code: failure.code.rawValue, message: failure.message)
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
        object["error"] = report.failure.map { ["code": $0.code.rawValue, "message": $0.message] } ?? NSNull()
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }
}
