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
            .flag("json", "one JSON object (its shape in docs/cli.md)"),
        ])
    static let options = table.options
    static let help = """
        Usage: agekit check [--config FILE] [--listen HOST:PORT] [--data-dir DIR] [--store URL] [--json]

        Reads the configuration exactly as 'agekit serve' does (file, environment, options),
        then prints where each setting came from (flag, environment, file or default) and
        checks each part, a verdict a line (ok, warn or FAIL): the listen addresses can be
        bound, the store opens and no running 'agekit serve' holds it (and which migrations
        serve would apply), each Apple root is a certificate, the TLS pair is whole and PEM,
        the admin token is set and long enough (or its file is readable by its owner only),
        and each app's forwarding secret and API key are present. Every check runs and every
        problem is reported: a file that cannot be read says why (missing, permission, not a
        regular file), a misspelt key names the nearest known one, and when the file does
        not load the other checks still run on the environment, flags and defaults. Writes
        no file and never prints a store password. 'agekit serve' runs the same checks
        (but the lock's) before it starts.

        --json prints {"ready": BOOL, "problems": N, "sources": [{"setting", "value",
        "from"}], "verdicts": [{"outcome": "ok"|"warn"|"fail", "subject", "detail"}]}.

        Options:
        \(table.text)

        Exit status: 0 when no check fails (warnings allowed), 1 when one does, 2 on a usage
        mistake.
        """

    static func run(_ arguments: [String], _ console: Console) async throws(CLIError) -> Int32 {
        let parsed = try Arguments(arguments, options)
        guard parsed.positionals.isEmpty else { throw .usage("unexpected argument '\(parsed.positionals[0])'") }
        let flags = ConfigurationLoader.Overrides(
            configFile: parsed.value("config"), listen: parsed.value("listen"),
            dataDirectory: parsed.value("data-dir"), store: parsed.value("store"))
        let environment = console.environment
        let file = ValueSource.configFile(flag: flags.configFile, environment: environment)
        var verdicts: [OperatorCheck.Verdict] = []
        var sources: [ValueSource] = []
        var loaded: ServerConfiguration?
        if let file, let reason = FileProblem.unreadable(file.path) {
            verdicts.append(
                .init(
                    outcome: .fail, subject: "configuration",
                    detail: "cannot read \(file.path) (\(file.from)): \(reason)"))
        } else {
            do {
                loaded = try ConfigurationLoader(environment: environment).load(flags)
                verdicts.append(.init(outcome: .ok, subject: "configuration", detail: loaded?.source ?? ""))
            } catch {
                verdicts.append(.init(outcome: .fail, subject: "configuration", detail: error.description))
            }
        }
        var configuration = loaded
        if configuration == nil {
            // The other checks still run, on what does not come from the file.
            var withoutFile = flags
            withoutFile.configFile = nil
            configuration = try? ConfigurationLoader(environment: environment.filter { $0.key != "AGEKIT_CONFIG" })
                .load(withoutFile)
            if configuration != nil {
                verdicts.append(
                    .init(
                        outcome: .warn, subject: "configuration",
                        detail: "the file did not load: the checks below use the environment, flags and defaults"))
            }
        }
        if let configuration {
            let keys = loaded == nil ? nil : file.map { ($0.path, ValueSource.keys(ofFile: $0.path)) }
            sources = ValueSource.all(of: configuration, flags: flags, environment: environment, file: keys)
            verdicts += check(configuration, console).run()
            if let lock = StoreLock.heldLockFile(configuration.storeURL) {
                verdicts.append(
                    .init(
                        outcome: .fail, subject: "store lock",
                        detail:
                            "a running agekit serve holds \(lock): this store is in use (stop it, or check another store)"
                    ))
            }
        }
        let problems = verdicts.filter { $0.outcome == .fail }.count
        let summary =
            problems == 0
            ? "agekit check: ready to serve" : "agekit check: \(problems) problem\(problems == 1 ? "" : "s")"
        if parsed.flag("json") {
            let shown = verdicts.map { ["outcome": $0.outcome.rawValue, "subject": $0.subject, "detail": $0.detail] }
            console.out(
                JSONOutput.line([
                    "ready": problems == 0, "problems": problems, "sources": sources.map(\.json), "verdicts": shown,
                ]))
        } else {
            sources.forEach { console.out($0.line) }
            verdicts.forEach { console.out(Colour.verdict($0.line, when: console.colour.out)) }
            console.out(problems == 0 ? summary : Colour.failure.paint(summary, when: console.colour.out))
        }
        return problems == 0 ? 0 : 1
    }

    static func check(_ configuration: ServerConfiguration, _ console: Console) -> OperatorCheck {
        let environment = console.environment
        return OperatorCheck(
            configuration: configuration, environment: environment,
            openStore: { url throws(LedgerError) in try StoreURL.open(url, environment: environment) })
    }
}
