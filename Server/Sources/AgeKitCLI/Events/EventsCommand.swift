import ConsentLedger
import ConsentServer
import Foundation
import ServerTime

/// `agekit events`: the forwarding outbox, seen and repaired from the command line.
struct EventsCommand: Command {
    static let name = "events"
    static let summary = "Follow the event feed, inspect forwarded events and re-queue dead ones."
    static let table = OptionTable(
        column: 21,
        [
            .valued("app", "BUNDLE_ID", "one app (tail, retry)"),
            .valued("after", "CURSOR", "tail from this cursor (0: the whole feed); default: its end now"),
            .valued("count", "N", "tail stops after N events"),
            .valued("interval", "SECONDS", "how often tail looks for new events (default 1)"),
            .flag("json", "JSON: tail a line per event, the others one object (docs/cli.md)"),
            .valued("limit", "N", "at most N dead events (default 100)"),
            .valued("config", "FILE", "the store of this configuration, as for 'agekit serve'"),
            .valued("data-dir", "DIR", "the store in this data directory"),
            .valued("store", "URL", "sqlite:PATH or postgres://..."),
        ])
    static let options = table.options
    static let store = ["config", "data-dir", "store"]
    static let subcommands = [
        Subcommand(
            "tail", "Follows the event feed, a line per event.",
            options: ["app", "after", "count", "interval", "json"] + store),
        Subcommand("status", "Counts of pending, delivered and dead events.", options: ["json"] + store),
        Subcommand("dead", "The dead events with their last error.", options: ["limit", "json"] + store),
        Subcommand("retry", "Puts dead events back in the queue.", options: ["app", "json"] + store),
    ]
    static let help = """
        Usage: agekit events tail [--app BUNDLE_ID] [--after CURSOR] [--count N] [--interval SECONDS] [--json]
                                  [--config FILE] [--data-dir DIR] [--store URL]
               agekit events status [--json] [--config FILE] [--data-dir DIR] [--store URL]
               agekit events dead [--limit N] [--json] [--config FILE] [--data-dir DIR] [--store URL]
               agekit events retry [--app BUNDLE_ID] [--json] [--config FILE] [--data-dir DIR] [--store URL]

        tail follows the event feed (the admin API's /v1/apps/{bundleId}/events) of every
        configured app, or one, and prints each new event as it commits, until interrupted.
        Events forwarded to an app's backend wait in an outbox until the backend answers 2xx;
        after the configured number of attempts an event is parked as dead with its last error.

          tail    new events, one a line with the time it committed, after a line on
                  standard error naming the cursor it resumes from (--json: the feed's
                  JSON object, one a line)
          status  counts of pending, delivered and dead events
          dead    the dead events with their last error
          retry   puts dead events back in the queue (one app with --app); the running
                  'agekit serve' delivers them

        Each action refuses the options it does not take ('agekit help events ACTION').
        --json shapes: status {"pending": N, "delivered": N, "dead": N}; dead a list of
        {"id", "bundleId", "kind", "eventCursor", "attempts", "lastError"}; retry
        {"requeued": N}.

        Options:
        \(table.text)
        """

    static func run(_ arguments: [String], _ console: Console) async throws(CLIError) -> Int32 {
        let action = try subcommand(arguments.first)
        let parsed = try Arguments(Array(arguments.dropFirst()), options(of: action))
        guard parsed.positionals.isEmpty else { throw .usage("unexpected argument '\(parsed.positionals[0])'") }
        let limit =
            try parsed.value("limit", as: "a number of events, 1 or more") { Int($0).flatMap { $0 >= 1 ? $0 : nil } }
            ?? 100
        let (ledger, apps) = try openLedger(parsed, console)
        defer { ledger.close() }
        if action.name == "tail" { return try await EventsTail.run(parsed, ledger, apps: apps, console) }
        if action.name == "retry", let app = parsed.value("app"), !apps.contains(app) { throw unknownApp(app, apps) }
        let report = EventsReport(json: parsed.flag("json"), console: console)
        do {
            switch action.name {
            case "status": report.status(try ledger.outboxCounts())
            case "dead": report.dead(try ledger.outboxItems(state: .dead, limit: limit))
            default:
                report.requeued(try ledger.requeueDead(bundleId: parsed.value("app"), at: SystemClock().now()))
            }
        } catch {
            throw .failure(code: error.code.rawValue, message: error.reason)
        }
        return 0
    }

    static func unknownApp(_ app: String, _ apps: Set<String>) -> CLIError {
        .failure(
            code: "unknown_app",
            message: "no app '\(app)' is configured (configured: \(apps.sorted().joined(separator: ", ")))")
    }

    /// The ledger `agekit serve` would open with the same options.
    static func openLedger(_ parsed: Arguments, _ console: Console) throws(CLIError) -> (Ledger, Set<String>) {
        var store: String?
        do {
            let configuration = try ConfigurationLoader(environment: console.environment).load(
                .init(
                    configFile: parsed.value("config"), dataDirectory: parsed.value("data-dir"),
                    store: parsed.value("store")))
            store = configuration.storeURL
            let ledger = try Ledger(store: StoreURL.open(configuration.storeURL, environment: console.environment))
            return (ledger, Set(configuration.apps.map(\.bundleId)))
        } catch let error as ServerError {
            throw .failure(code: error.code.rawValue, message: error.reason)
        } catch let error as LedgerError {
            let named = store.map { "cannot open the store \(StoreURL.redacted($0)): " } ?? ""
            throw .failure(code: error.code.rawValue, message: named + error.reason)
        } catch {
            throw .failure(code: "failed", message: "\(error)")
        }
    }
}
