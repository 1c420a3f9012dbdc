import AgeKitSimulator
import Foundation

/// `agekit explore`: the app's configuration through the simulator for every person,
/// answer, platform, OS version, region and date, with the invariants checked on each cell.
struct ExploreCommand: Command {
    static let name = "explore"
    static let summary = "Sweep every person, platform, OS, region and date; report it as HTML and JSON."
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
          --profile FILE            the app profile JSON of 'agekit age'
          --owner FILE              the owner settings JSON of 'agekit launch'
          --catalog FILE            the change catalog JSON of 'agekit changes'
          --unconfirmed-adult MODE  acknowledge (default) or blockUntilVerified
          --declined MODE           blockWithRetry (default) or acknowledge
          --persona LIST            sandbox personas and custom people age-N (default: the six
                                    personas and one age at the start of every band)
          --answer LIST             declared, declined, unavailable (default: all three)
          --platform LIST           iOS, iPadOS, macCatalyst, macOS, visionOS, tvOS, watchOS (default: all)
          --os LIST                 26.0, 26.1, 26.2, 26.3, 26.4, 26.5, 27.0 (default: all)
          --region LIST             catalog regions ('agekit age regions'; default: all)
          --date LIST               YYYY-MM-DD days or 'today' (default: 2026-11-30, the day every
                                    command simulates, and each day a region's rule starts)
          --age N                   add the custom person age-N to the people (as --persona age-N)
          --declines                only the declined answer (as --answer declined)
          --declaration D, --account-created DAY, --communication-limits, --fault [CALL:]FAULT,
          --saved ANSWER, --last-asked DAY
                                    the scenario options of age, launch and changes, applied to
                                    every cell with the same meaning ('agekit age --help')
          --html FILE               write the report as one self-contained HTML file
          --json FILE               write the report as JSON (the format --baseline reads)
          --baseline OLD.json       compare with an earlier --json run: only changed cells
          --fail-on LIST            exit 3 when a change crosses one of: minorTracking,
                                    minorAdultFeature, newlyBlocked (needs --baseline), newViolation;
                                    without --baseline, when any cell crosses it

        Exit status: 0 done, 1 unreadable or invalid file, 2 usage error, 3 a --fail-on line
        was crossed.
        """

    static func run(_ arguments: [String], _ console: Console) async throws(CLIError) -> Int32 {
        let today = ScenarioOptions.defaultDate
        let options = try ExploreOptions(arguments, today: today)
        var configuration = try ExploreConfiguration.load(
            profile: options.profilePath, owner: options.ownerPath, catalog: options.catalogPath, console: console)
        configuration.routing = options.routing
        var baseline: ExploreReport?
        if let path = options.baselinePath {
            baseline = try ExploreReport.baseline(ExploreFile.read(path, what: "baseline"), path: path)
        }
        let axes = options.axes(configuration, today: today)
        var report = await ExploreSweep(axes: axes, configuration: configuration).run(
            progress: ExploreProgress(console: console).report)
        report.defaults = options.defaults(today: today)
        report.scenario = options.scenario.given.isEmpty ? nil : options.scenario.given
        if let baseline, let path = options.baselinePath {
            report.comparison = ExploreComparison.compare(baseline: baseline, named: path, with: report)
        }
        if let path = options.jsonPath { try ExploreFile.write(report.jsonData(), to: path) }
        if let path = options.htmlPath { try ExploreFile.write(Data(ExploreHTML(report).render().utf8), to: path) }
        console.out(text(report))
        for (kind, path) in [("JSON", options.jsonPath), ("HTML", options.htmlPath)] {
            if let path { console.out("\(kind) report written to \(path)") }
        }

        guard !options.failOn.isEmpty else { return 0 }
        let crossed: Int
        if let comparison = report.comparison {
            crossed = comparison.count(crossing: options.failOn)
        } else {
            crossed =
                report.cells.filter { cell in
                    (options.failOn.contains(.minorTracking) && cell.minorTracking)
                        || (options.failOn.contains(.minorAdultFeature) && cell.minorAdultFeature)
                        || (options.failOn.contains(.newViolation) && !cell.violations.isEmpty)
                }.count
        }
        guard crossed > 0 else { return 0 }
        let names = options.failOn.map(\.rawValue).sorted().joined(separator: ", ")
        console.err("explore_line_crossed: \(crossed) cells cross a --fail-on line (\(names))")
        return 3
    }

    static func text(_ report: ExploreReport) -> String {
        let summary = report.summary
        var lines = (report.defaults ?? []).isEmpty ? [] : ["Defaults: \(report.defaults!.joined(separator: "; "))"]
        if let scenario = report.scenario { lines.append("Every cell: \(scenario.joined(separator: "; "))") }
        lines += [
            "Cells:                \(summary.cells)",
            "Ask the system:       \(summary.asks) (\(summary.asksAtLaunch) at launch)",
            "Stop the launch:      \(summary.stopsLaunch)",
            "Leave a change blocked: \(summary.blocks)",
            "Minor reaches tracking prompt: \(summary.minorTracking)",
            "Minor reaches 18+ feature:     \(summary.minorAdultFeature)",
            "Invariant violations: \(summary.violatingCells) cells",
        ]
        for rule in ExploreInvariants.Rule.allCases {
            lines.append("  \(rule.rawValue): \(summary.violations[rule.rawValue] ?? 0)")
        }
        if let comparison = report.comparison {
            lines.append(
                "Changed since \(comparison.baseline): \(comparison.changed.count) cells"
                    + " (\(comparison.added) new, \(comparison.removed) gone)")
            for line in ExploreComparison.Line.allCases {
                lines.append("  \(line.rawValue): \(comparison.crossings[line.rawValue] ?? 0)")
            }
        }
        return lines.joined(separator: "\n")
    }
}
