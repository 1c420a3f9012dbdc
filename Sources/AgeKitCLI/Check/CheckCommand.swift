import ConsentLedger
import ConsentServer
import Foundation

/// `agekit check`: the configuration as `serve` would read it, checked part by part without
/// serving; exit 0 when nothing fails.
struct CheckCommand: Command {
    static let name = "check"
    static let summary = "Check a configuration as 'agekit serve' would read it, without serving."
    static let table = OptionTable(
        column: 20,
        [
            .valued("config", "FILE", "JSON configuration; also AGEKIT_CONFIG"),
            .valued("listen", "HOST:PORT", "address serve would bind; also AGEKIT_LISTEN"),
            .valued("data-dir", "DIR", "data directory; also AGEKIT_DATA_DIR"),
            .valued("store", "URL", "sqlite:PATH or postgres://...; also AGEKIT_STORE"),
        ])
    static let options = table.options
    static let help = """
        Usage: agekit check [--config FILE] [--listen HOST:PORT] [--data-dir DIR] [--store URL]

        Reads the configuration exactly as 'agekit serve' does (file, environment, options),
        then checks each part and prints a verdict a line (ok, warn or FAIL): the listen
        addresses can be bound, the store opens (and which migrations serve would apply),
        each Apple root is a certificate, the TLS pair is whole and PEM, the admin token is
        set and long enough (or its file is readable by its owner only), and each app's
        forwarding secret and API key are present. Writes no file and never prints a store
        password. 'agekit serve' runs the same checks before it starts.

        Options:
        \(table.text)

        Exit status: 0 when no check fails (warnings allowed), 1 when one does, 2 on a usage
        mistake.
        """

    static func run(_ arguments: [String], _ console: Console) async throws(CLIError) -> Int32 {
        let parsed = try Arguments(arguments, options)
        guard parsed.positionals.isEmpty else { throw .usage("unexpected argument '\(parsed.positionals[0])'") }
        let overrides = ConfigurationLoader.Overrides(
            configFile: parsed.value("config"), listen: parsed.value("listen"),
            dataDirectory: parsed.value("data-dir"), store: parsed.value("store"))
        let configuration: ServerConfiguration
        do {
            configuration = try ConfigurationLoader(environment: console.environment).load(overrides)
        } catch {
            console.out(verdictLine(.fail, "configuration", error.description))
            console.out("agekit check: 1 problem")
            return 1
        }
        console.out(verdictLine(.ok, "configuration", configuration.source))
        let verdicts = check(configuration, console).run()
        verdicts.forEach { console.out($0.line) }
        let problems = verdicts.filter { $0.outcome == .fail }.count
        console.out(
            problems == 0
                ? "agekit check: ready to serve" : "agekit check: \(problems) problem\(problems == 1 ? "" : "s")")
        return problems == 0 ? 0 : 1
    }

    static func check(_ configuration: ServerConfiguration, _ console: Console) -> OperatorCheck {
        let environment = console.environment
        return OperatorCheck(
            configuration: configuration, environment: environment,
            openStore: { url throws(LedgerError) in try StoreURL.open(url, environment: environment) })
    }

    static func verdictLine(_ outcome: OperatorCheck.Verdict.Outcome, _ subject: String, _ detail: String) -> String {
        OperatorCheck.Verdict(outcome: outcome, subject: subject, detail: detail).line
    }
}
