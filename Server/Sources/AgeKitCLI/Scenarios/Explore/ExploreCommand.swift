import AgeKitScenarios
import Foundation

/// `agekit explore`: the app's configuration through the simulator for every person,
/// answer, platform, OS version, region and date, with the invariants checked on each cell.
struct ExploreCommand: Command {
    static let name = "explore"
    static let summary = "Sweep every person, platform, OS, region and date; report it as HTML and JSON."
    static let table =
        OptionTable(
            column: 26,
            [
                .valued("profile", "FILE", "the app profile JSON of 'agekit age'"),
                .valued("owner", "FILE", "the owner settings JSON of 'agekit launch'"),
                .valued("catalog", "FILE", "the change catalog JSON of 'agekit changes'"),
            ]) + RoutingOptions.table
        + OptionTable(
            column: 26,
            [
                .valued(
                    "persona", "LIST", "sandbox personas and custom people age-N (default: the six",
                    "personas and one age at the start of every band)"),
                .valued("answer", "LIST", "declared, declined, unavailable (default: all three)"),
                .valued(
                    "platform", "LIST", "iOS, iPadOS, macCatalyst, macOS, visionOS, tvOS, watchOS (default: all)"),
                .valued("os", "LIST", "26.0, 26.1, 26.2, 26.3, 26.4, 26.5, 27.0 (default: all)"),
                .valued("region", "LIST", "catalog regions ('agekit age regions'; default: all)"),
                .valued(
                    "date", "LIST", "YYYY-MM-DD days or 'today' (default: 2026-11-30, the day every",
                    "command simulates, and each day a region's rule starts)"),
                .valued("age", "N", "add the custom person age-N to the people (as --persona age-N)"),
                .flag("declines", "only the declined answer (as --answer declined)"),
            ]
        ).adding(
            lines: [
                ScenarioOptions.options(["declaration", "account-created", "communication-limits", "fault"]),
                ScenarioOptions.options(["saved", "last-asked"]),
            ],
            help: "the scenario options of age, launch and changes, applied to",
            "every cell with the same meaning ('agekit age --help')")
        + OptionTable(
            column: 26,
            [
                .valued("html", "FILE", "write the report as one self-contained HTML file"),
                .valued("json", "FILE", "write the report as JSON (the format --baseline reads)"),
                .valued("baseline", "OLD.json", "compare with an earlier --json run: only changed cells"),
                .valued(
                    "fail-on", "LIST", "exit 3 when a change crosses one of: minorTracking,",
                    "minorAdultFeature, newlyBlocked (needs --baseline), newViolation;",
                    "without --baseline, when any cell crosses it"),
            ])
    static let options = table.options
    static let help = """
        Usage: agekit explore [--profile FILE] [--owner FILE] [--catalog FILE]
                              [--unconfirmed-adult MODE] [--declined MODE]
                              [--persona LIST] [--answer LIST] [--platform LIST] [--os LIST]
                              [--region LIST] [--date LIST] [--age N] [--declines] [scenario options]
                              [--html FILE] [--json FILE] [--baseline OLD.json] [--fail-on LIST]

        Runs the app's age gate (agekit age), privacy launch (agekit launch) and significant-change
        consent (agekit changes) on the simulator for every combination of the axes, checks the
        invariants on every cell, and prints a summary: the defaults it used first, the files it
        wrote last. Without a file, each part of the configuration is the built-in example.
        Lists are comma-separated; a flag narrows its axis. A sweep longer than a second
        reports its progress on standard error.

        Options:
        \(table.text)

        Exit status: 0 done, 1 unreadable or invalid file, 2 usage error, 3 a --fail-on line
        was crossed.
        """

    static func run(_ arguments: [String], _ console: Console) async throws(CLIError) -> Int32 {
        let today = ScenarioOptions.defaultDate
        let options = try ExploreOptions(arguments, today: today)
        for (option, path) in [("--json", options.jsonPath), ("--html", options.htmlPath)] {
            if let path { try ExploreFile.checkWritable(path, option: option) }
        }
        var configuration = try ConfigurationFiles.explorer(
            profile: options.profilePath, owner: options.ownerPath, catalog: options.catalogPath, console: console)
        configuration.routing = options.routing
        var baseline: ExploreReport?
        if let path = options.baselinePath {
            let data = try ConfigurationFiles.read(
                path, code: "baseline_unreadable", "cannot read the baseline '\(path)'")
            do throws(ScenarioError) {
                baseline = try ExploreReport(baseline: data)
            } catch {
                throw .failure(code: error.code, message: "\(path): \(error.reason)")
            }
        }
        let axes = options.axes(configuration, today: today)
        let sweep = ExploreSweep(axes: axes, configuration: configuration)
        let progress = ProgressLine("explore", unit: "cells", console: console)
        var report = await withTaskExecutorPreference(MainThreadExecutor()) {
            await sweep.run(progress: progress.report)
        }
        report.defaults = options.defaults(today: today)
        report.scenario = options.selection.scenario.given.isEmpty ? nil : options.selection.scenario.given
        if let baseline, let path = options.baselinePath { report.compare(with: baseline, named: path) }
        if let path = options.jsonPath { try ExploreFile.write(report.jsonData(), to: path) }
        if let path = options.htmlPath { try ExploreFile.write(Data(report.html.utf8), to: path) }
        console.out(report.text)
        for (kind, path) in [("JSON", options.jsonPath), ("HTML", options.htmlPath)] {
            if let path { console.out("\(kind) report written to \(path)") }
        }

        guard !options.failOn.isEmpty else { return 0 }
        let crossed = report.count(crossing: options.failOn)
        guard crossed > 0 else { return 0 }
        let names = options.failOn.map(\.rawValue).sorted().joined(separator: ", ")
        console.err("explore_line_crossed: \(crossed) cells cross a --fail-on line (\(names))")
        return 3
    }
}
