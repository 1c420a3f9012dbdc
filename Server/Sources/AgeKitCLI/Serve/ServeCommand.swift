import ConsentLedger
import ConsentServer
import Foundation

/// `agekit serve`: the App Store Server Notifications receiver and consent ledger.
struct ServeCommand: Command {
    static let name = "serve"
    static let summary = "Receive App Store Server Notifications V2 and keep the consent ledger."
    static let table = OptionTable(
        column: 20,
        [
            .valued("config", "FILE", "JSON configuration (see docs/configuration.md); also AGEKIT_CONFIG"),
            .valued("listen", "HOST:PORT", "address to bind (default 127.0.0.1:8080); also AGEKIT_LISTEN"),
            .valued("data-dir", "DIR", "data directory (default ./agekit-data); also AGEKIT_DATA_DIR"),
            .valued("store", "URL", "sqlite:PATH or postgres://...; also AGEKIT_STORE"),
        ])
    static let options = table.options
    static let help = """
        Usage: agekit serve [--config FILE] [--listen HOST:PORT] [--data-dir DIR] [--store URL]

        Receives App Store Server Notifications V2 on POST /v2/notifications, verifies them,
        stores each one durably exactly once, links app transactions to accounts and acts on
        RESCIND_CONSENT. Serves the admin API under /v1 and /healthz, /readyz, /metrics.

        With no configuration file it runs a local test setup: SQLite at
        ./agekit-data/agekit.sqlite, 127.0.0.1:8080, a local test CA (./agekit-data/ca) trusted
        for LocalTesting payloads from 'agekit simulate', and the app com.example.agekit.

        Options:
        \(table.text)

        Environment:
          AGEKIT_ADMIN_TOKEN  bearer token of the admin API (generated in LocalTesting mode)

        Before it binds or writes anything it runs the checks of 'agekit check' and stops
        with startup_failed when one fails.

        Stops gracefully on SIGTERM or SIGINT: stops taking requests (503 shutting_down to
        any new one), finishes requests in flight, closes the store. A signal that arrives
        while it starts (a store that does not answer, a migration) stops it at once, exit 0.
        """

    static func run(_ arguments: [String], _ console: Console) async throws(CLIError) -> Int32 {
        let parsed = try Arguments(arguments, options)
        guard parsed.positionals.isEmpty else { throw .usage("unexpected argument '\(parsed.positionals[0])'") }
        let overrides = ConfigurationLoader.Overrides(
            configFile: parsed.value("config"), listen: parsed.value("listen"),
            dataDirectory: parsed.value("data-dir"), store: parsed.value("store"))
        // A signal while starting ends the process at once, whatever startup is blocked in.
        let termination = TerminationWatch { signal in
            TerminationWatch.stopNow(
                "agekit serve: \(signal) received while starting; stopped before serving", status: 0)
        }
        let runtime: ServerRuntime
        do throws(ServerError) {
            let configuration = try ConfigurationLoader(environment: console.environment).load(overrides)
            runtime = try start(configuration, console)
        } catch {
            throw .failure(code: error.code.rawValue, message: error.reason)
        }
        termination.serving()
        let signal = termination.waitForTermination()
        console.out("agekit serve: \(signal) received, finishing requests in flight")
        runtime.stop()
        console.out("agekit serve: stopped")
        return 0
    }

    /// The checks of 'agekit check', before anything is bound or written, then the server:
    /// what `serve` and `demo` start.
    static func start(
        _ configuration: ServerConfiguration, _ console: Console, requestLog: RequestLog? = nil
    ) throws(ServerError) -> ServerRuntime {
        let failed = CheckCommand.check(configuration, console).run(listen: false).filter { $0.outcome == .fail }
        guard failed.isEmpty else {
            failed.forEach { console.err(Colour.verdict($0.line, when: console.colour.err)) }
            throw ServerError(
                .startupFailed, "\(failed.count) check\(failed.count == 1 ? "" : "s") failed: \(failed[0].detail)")
        }
        return try ServerRuntime(
            configuration: configuration, environment: console.environment,
            openStore: { url throws(LedgerError) in try StoreURL.open(url, environment: console.environment) },
            requestLog: requestLog, say: console.out)
    }
}
