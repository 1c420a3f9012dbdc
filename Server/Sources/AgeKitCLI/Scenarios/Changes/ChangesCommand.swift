import AgeKitScenarios

/// `agekit changes`: runs the significant-change lifecycle for a sandbox persona on the
/// simulator and prints the timeline.
struct ChangesCommand: Command {
    static let name = "changes"
    static let summary = "Simulate significant-change consent for a persona and print the timeline."
    static let table =
        OptionTable(
            column: 26,
            [
                .valued("catalog", "FILE", "the change catalog (JSON; see docs/significant-changes.md)"),
                .valued(
                    "original-version", "V", "AppTransaction.originalAppVersion: the build first installed (the",
                    "marketing version on macOS; 1.0 is the sandbox's and exempts nothing)"),
                .valued(
                    "answer", "A", "shared (default: the person's range), declined (as --declines), or",
                    "unavailable (as --fault request:notAvailable)"),
                .valued("rating-codes", "LIST", "App Store age rating codes, one per launch (nil = unavailable)"),
                .valued(
                    "guardian", "BEHAVIOUR", "approve, deny, never, deny-then-approve (also approve-then-deny,",
                    "late, cancel); default: the persona's sandbox answer"),
                .valued("timeout-hours", "H", "how long a guardian question stays pending (default 48)"),
            ]) + RoutingOptions.table
        + OptionTable(
            column: 26, [.flag("json", "print JSON: route, pending, acknowledged, blocked, requests, timeline")])
    static let options = ScenarioOptions.options.options + table.options
    static let help = """
        Usage: agekit changes --catalog FILE (--persona NAME | --age N) [scenario options]
                              [--original-version V] [--answer shared|declined|unavailable]
                              [--rating-codes 0,0,4,5] [--guardian approve|deny|never|deny-then-approve]
                              [--timeout-hours H] [--unconfirmed-adult MODE] [--declined MODE] [--json]

        Runs the significant-change consent lifecycle on the simulator: which catalog changes
        apply to the person, the route taken, each guardian request's state, and what stays
        blocked. Time is simulated from 09:00 UTC of the scenario's day; each rating code is
        read at a launch one day after the previous one. The first line names the defaults the
        run used and any option it could not honour.

        Scenario options (the same in age, launch and changes):
        \(ScenarioOptions.options.text)

        Options:
        \(table.text)

        Exit status: 0 when the simulation ran, 1 for a bad catalog, 2 for a usage mistake.
        """

    static func run(_ arguments: [String], _ console: Console) async throws(CLIError) -> Int32 {
        let parsed = try Arguments(arguments, options)
        let changes = try ChangesScenario(parsed)
        let report = await changes.run(catalog: try ConfigurationFiles.catalog(try parsed.required("catalog")))
        console.out(parsed.flag("json") ? report.json() : report.text())
        return 0
    }
}
