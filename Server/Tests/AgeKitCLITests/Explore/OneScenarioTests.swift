import AgeKitSimulator
import AgeSignals
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import AgeKitCLI
@testable import AgeKitScenarios

/// One scenario, one answer: the same person, device, region and day through `age`,
/// `launch`, `changes` and `explore` give the same shared facts.
@Suite("one scenario through the four commands")
struct OneScenarioTests {
    struct Row: Sendable, CustomTestStringConvertible {
        let person: String
        let region: String
        var platform = Platform.iOS
        var os = OSVersion(26, 5)
        var date = "2026-11-30"
        var answer = ExploreAnswer.declared
        /// Scenario options beyond the axes, given to every command alike.
        var extra: [String] = []
        var testDescription: String {
            "\(person) \(region) \(platform) \(os) \(date) \(answer) \(extra.joined(separator: " "))"
        }

        var personArguments: [String] {
            person.hasPrefix("age-") ? ["--age", String(person.dropFirst(4))] : ["--persona", person]
        }
        var arguments: [String] {
            personArguments + [
                "--region", region, "--platform", platform.rawValue, "--os", os.description, "--date", date,
            ] + (answer == .declined ? ["--declines"] : [])
                + (answer == .unavailable ? ["--fault", "request:notAvailable"] : []) + extra
        }
    }

    static let rows: [Row] = [
        Row(person: "13to15-approved", region: "US-TX"),
        Row(person: "age-30", region: "US-AL", date: "2027-03-01"),
        Row(person: "age-30", region: "US-AL", date: "2027-03-01", extra: ["--last-asked", "2027-01-05"]),
        Row(person: "age-14", region: "US-TX", extra: ["--saved", "over", "--fault", "request:network"]),
        Row(person: "age-30", region: "US-TX", answer: .unavailable, extra: ["--saved", "under"]),
        Row(person: "age-30", region: "BR", extra: ["--declaration", "guardianPaymentChecked"]),
        Row(person: "age-16", region: "US-TX", date: "2026-07-01", extra: ["--account-created", "2026-05-01"]),
        Row(person: "age-14", region: "US-CA", date: "2026-12-31"),
        Row(person: "age-14", region: "US-CA", date: "2027-01-01"),
        Row(person: "adult-confirmed", region: "US-UT", date: "2027-06-01"),
        Row(person: "age-16", region: "BR", os: OSVersion(26, 4)),
        Row(person: "age-30", region: "default", answer: .declined),
        Row(person: "16to17-declined", region: "US-LA", date: "2027-08-01", answer: .declined),
        Row(person: "age-12", region: "US-TX", os: OSVersion(26, 2)),
    ]

    static let catalog = Repository.path("docs/examples/changes.json").path

    @Test("the same scenario gives the same regulation, features, cadence and saved answer", arguments: rows)
    func sameFacts(_ row: Row) async throws {
        let age = try await ScenarioRulesTests.json(["age"] + row.arguments)
        let launch = try await ScenarioRulesTests.json(["launch"] + row.arguments)
        let changes = try await ScenarioRulesTests.json(["changes", "--catalog", Self.catalog] + row.arguments)

        // The explorer reads the same options; its answer axis is narrowed to the row's.
        let options = try ExploreOptions(
            row.arguments.filter { $0 != "--declines" } + ["--answer", row.answer.rawValue],
            today: ScenarioOptions.defaultDate)
        let axes = options.axes(.example, today: ScenarioOptions.defaultDate)
        #expect(axes.cellCount == 1)
        let report = await ExploreSweep(axes: axes, configuration: .example).run()
        let explore = report.outcomes(of: try #require(report.cells.first))

        // Regulatory features: what the gate read, what routing used, what the explorer saw.
        // Where the OS cannot report them, routing infers them and says so.
        let signals = try #require(age["signals"] as? [String: Any])
        #expect(explore.changes.features == changes["features"] as? [String], "explore changes")
        if let ageFeatures = signals["regulatoryFeatures"] as? [String] {
            #expect((changes["features"] as? [String]) == ageFeatures.sorted(), "changes")
            let exploreFeatures = ageFeatures.isEmpty ? "none" : ageFeatures.sorted().joined(separator: ",")
            #expect(explore.age.signals.hasSuffix("regulatory features \(exploreFeatures)"), "\(explore.age.signals)")
        } else {
            #expect((changes["featuresSource"] as? String)?.contains("inferred") == true)
            #expect(explore.age.signals.hasSuffix("regulatory features n/a"), "\(explore.age.signals)")
        }

        // Regulation: the gate's verdict and the launch sequence's age rule agree.
        let regulation = try #require(age["regulation"] as? String)
        #expect(
            (regulation == "notRequired") == (launch["ageRule"] as? String == "noCheckRequired"),
            "\(regulation) / \(launch["ageRule"] ?? "nil")")
        #expect(launch["ageRule"] as? String == explore.launch.ageRule)
        #expect(launch["ageAnswer"] as? String == explore.launch.ageAnswer)

        // Cadence, date and saved answer, as each command read the scenario.
        let input = try #require(age["input"] as? [String: Any])
        let launchScenario = try #require(launch["scenario"] as? [String: Any])
        let changesScenario = try #require(changes["scenario"] as? [String: Any])
        #expect(input["cadence"] as? String == launchScenario["cadence"] as? String)
        #expect(changesScenario["cadence"] as? String == launchScenario["cadence"] as? String)
        for scenario in [launchScenario, changesScenario] {
            #expect(scenario["date"] as? String == row.date)
            #expect(scenario["region"] as? String == row.region.uppercased() || row.region == "default")
            let saved = row.extra.firstIndex(of: "--saved").map { row.extra[$0 + 1] }
            #expect(scenario["savedAnswer"] as? String == saved)
        }
        #expect(input["date"] as? String == row.date)
    }

    @Test("a saved answer reaches every command the same way")
    func savedAnswer() async throws {
        let arguments = ["--age", "30", "--saved", "over"]
        let launch = try await ScenarioRulesTests.json(["launch"] + arguments)
        let changes = try await ScenarioRulesTests.json(["changes", "--catalog", Self.catalog] + arguments)
        let age = try await ScenarioRulesTests.json(["age"] + arguments)
        #expect((launch["scenario"] as? [String: Any])?["savedAnswer"] as? String == "over")
        #expect((changes["scenario"] as? [String: Any])?["savedAnswer"] as? String == "over")
        // Where a command cannot use it, it says so rather than swallow it.
        let notHonoured = (age["input"] as? [String: Any])?["notHonoured"] as? [String] ?? []
        #expect(notHonoured.contains { $0.hasPrefix("--saved") })
    }
}

@Suite("agekit explore states its defaults and its files")
struct ExploreDefaultsTests {
    @Test("the summary names the defaults first and the reports written last; the JSON keeps the defaults")
    func defaultsAndFiles() async throws {
        let json = TestScratch.root.appendingPathComponent("explore-\(UUID().uuidString).json").path
        let run = await ScenarioRulesTests.agekit([
            "explore", "--persona", "age-30", "--answer", "declared", "--platform", "iOS", "--os", "26.5", "--region",
            "US-TX", "--json", json,
        ])
        #expect(run.code == 0, "\(run.err)")
        let lines = run.out.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("Defaults: ") == true)
        #expect(lines.first?.contains("dates: 2026-11-30 and each day a region's rule starts") == true)
        #expect(lines.last == "JSON report written to \(json)")
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any])
        #expect((object["defaults"] as? [String])?.contains("profile: built-in (the example profile)") == true)
        let axes = try #require(object["axes"] as? [String: Any])
        #expect((axes["dates"] as? [String])?.contains("2026-11-30") == true)
    }
}

@Suite("explore progress")
struct ExploreProgressTests {
    @Test("quiet for the first second, then a line on standard error with the time left, and the last cell")
    func progressAfterASecond() {
        let err = Mutex<[String]>([])
        let console = Console(out: { _ in }, err: { line in err.withLock { $0.append(line) } })
        ProgressLine("explore", unit: "cells", console: console, clock: TestClock()).report(5, 10)
        #expect(err.withLock { $0 }.isEmpty)
        let clock = TestClock()
        let long = ProgressLine("explore", unit: "cells", console: console, clock: clock)
        clock.advance(seconds: 2)
        long.report(5, 10)
        long.report(6, 10)
        long.report(10, 10)
        let lines = err.withLock { $0 }
        #expect(lines.count == 2)
        #expect(lines.first?.hasPrefix("explore: 5/10 cells (50%), about 2.") == true, "\(lines)")
        #expect(lines.last?.hasPrefix("explore: 10/10 cells (100%), done in 2.") == true, "\(lines)")
    }

    @Test(
        "the estimate assumes the pace so far",
        arguments: [
            (1, 4, 3.0, "x: 1/4 steps (25%), about 9.0 s left"),
            (3, 4, 30.0, "x: 3/4 steps (75%), about 10 s left"),
            (0, 4, 5.0, "x: 0/4 steps (0%)"),
            (4, 4, 12.4, "x: 4/4 steps (100%), done in 12 s"),
        ])
    func estimate(done: Int, total: Int, elapsed: Double, expected: String) {
        #expect(ProgressLine.line("x", "steps", done: done, total: total, elapsed: .seconds(elapsed)) == expected)
    }
}
