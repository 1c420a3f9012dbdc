import ConsentLedger
import ConsentServer

/// The ledger `agekit serve` would open, for the commands on stores' installs. Their store
/// option is `--ledger`: `--store` names Google Play or Amazon there.
enum LedgerAccess {
    static func open(_ parsed: Arguments, _ console: Console) throws(CLIError) -> (Ledger, [String]) {
        var store: String?
        do {
            let configuration = try ConfigurationLoader(environment: console.environment).load(
                .init(
                    configFile: parsed.value("config"), dataDirectory: parsed.value("data-dir"),
                    store: parsed.value("ledger")))
            store = configuration.storeURL
            let ledger = try Ledger(store: StoreURL.open(configuration.storeURL, environment: console.environment))
            return (ledger, configuration.apps.map(\.bundleId))
        } catch let error as ServerError {
            throw .failure(code: error.code.rawValue, message: error.reason)
        } catch let error as LedgerError {
            let named = store.map { "cannot open the store \(StoreURL.redacted($0)): " } ?? ""
            throw .failure(code: error.code.rawValue, message: named + error.reason)
        } catch {
            throw .failure(code: "failed", message: "\(error)")
        }
    }

    /// `--app`, or the one app configured.
    static func app(_ given: String?, among apps: [String]) throws(CLIError) -> String {
        if let given {
            guard apps.contains(given) else { throw EventsCommand.unknownApp(given, Set(apps)) }
            return given
        }
        guard apps.count == 1 else {
            throw .usage("name the app with --app (configured: \(apps.sorted().joined(separator: ", ")))")
        }
        return apps[0]
    }
}
