import ConsentLedger
import ConsentServer
import Foundation

/// `agekit events`: the forwarding outbox, seen and repaired from the command line.
struct EventsCommand: Command {
    static let name = "events"
    static let summary = "Inspect forwarded events and re-queue dead ones."
    static let help = """
        Usage: agekit events status [STORE OPTIONS]
               agekit events dead [--limit N] [STORE OPTIONS]
               agekit events retry [--app BUNDLE_ID] [STORE OPTIONS]

        Events forwarded to an app's backend wait in an outbox until the backend answers 2xx.
        After the configured number of attempts an event is parked as dead with its last error.

          status  counts of pending, delivered and dead events
          dead    the dead events with their last error
          retry   puts dead events back in the queue (one app with --app); the running
                  'agekit serve' delivers them

        Store options (as for 'agekit serve'):
          --config FILE  --data-dir DIR  --store URL
        """

    static func run(_ arguments: [String], _ console: Console) async throws(CLIError) -> Int32 {
        guard let action = arguments.first, ["status", "dead", "retry"].contains(action) else {
            throw .usage("name an action: status, dead or retry")
        }
        let parsed = try Arguments(
            Array(arguments.dropFirst()), valued: ["config", "data-dir", "store", "app", "limit"])
        guard parsed.positionals.isEmpty else { throw .usage("unexpected argument '\(parsed.positionals[0])'") }
        let limit =
            try parsed.value("limit", as: "a number of events, 1 or more") { Int($0).flatMap { $0 >= 1 ? $0 : nil } }
            ?? 100
        let (ledger, apps) = try openLedger(parsed, console)
        defer { ledger.close() }
        if action == "retry", let app = parsed.value("app"), !apps.contains(app) {
            throw .failure(
                code: "unknown_app",
                message: "no app '\(app)' is configured (configured: \(apps.sorted().joined(separator: ", ")))")
        }
        do {
            switch action {
            case "status":
                let counts = try ledger.outboxCounts()
                for state in [OutboxItem.State.pending, .delivered, .dead] {
                    console.out("\(state.rawValue): \(counts[state] ?? 0)")
                }
            case "dead":
                let dead = try ledger.outboxItems(state: .dead, limit: limit)
                if dead.isEmpty { console.out("no dead events") }
                for item in dead {
                    console.out(
                        "#\(item.id) \(item.bundleId) \(item.kind) cursor \(item.eventCursor) after \(item.attempts) attempts: \(item.lastError ?? "")"
                    )
                }
            default:
                let count = try ledger.requeueDead(bundleId: parsed.value("app"), at: Clock.system.now())
                console.out("re-queued \(count) dead event\(count == 1 ? "" : "s")")
            }
        } catch {
            throw .failure(code: error.code.rawValue, message: error.message)
        }
        return 0
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
            throw .failure(code: error.code.rawValue, message: error.message)
        } catch let error as LedgerError {
            let named = store.map { "cannot open the store \(StoreURL.redacted($0)): " } ?? ""
            throw .failure(code: error.code.rawValue, message: named + error.message)
        } catch {
            throw .failure(code: "failed", message: "\(error)")
        }
    }
}
