import Foundation
import TestSupport
import Testing

@testable import AgeKitCLI
@testable import AgeKitScenarios

/// Issue 36 item 12 through the commands: the regions as the sources give them, and every
/// answer naming the date it follows (Apple's rollout or the law's).
@Suite("region rules through the CLI")
struct RegionRuleTests {
    static let utah = ["--age", "14", "--region", "US-UT", "--date", "2026-12-03"]
    static let alabama = ["--age", "14", "--region", "US-AL", "--date", "2027-01-01"]
    static let catalog = Repository.path("docs/examples/changes.json").path

    @Test("rule: Utah on 2026-12-03, a new account, follows Apple's rollout and the gate asks at launch")
    func utahFollowsAppleRollout() async throws {
        let age = try await ScenarioRulesTests.json(["age"] + Self.utah)
        #expect(age["regulation"] as? String == "required")
        #expect(age["asksAtLaunch"] as? Bool == true)
        let input = try #require(age["input"] as? [String: Any])
        let rule = try #require(input["regionRule"] as? [String: Any])
        #expect(rule["follows"] as? String == "appleRollout")
        #expect(rule["from"] as? String == "2026-05-06")
        #expect(rule["lawEffectiveFrom"] as? String == "2027-05-06")
        #expect(rule["inEffect"] as? Bool == true)
        let text = await ScenarioRulesTests.agekit(["age"] + Self.utah).out
        #expect(text.contains("Region rule     Utah follows Apple's rollout: in effect since 2026-05-06"), "\(text)")
    }

    @Test("rule: Alabama on 2027-01-01 reports no significant-change consent")
    func alabamaHasNoConsent() async throws {
        let age = try await ScenarioRulesTests.json(["age"] + Self.alabama)
        let signals = try #require(age["signals"] as? [String: Any])
        #expect(signals["regulatoryFeatures"] as? [String] == ["declaredAgeRangeRequired"])
        let changes = try await ScenarioRulesTests.json(["changes", "--catalog", Self.catalog] + Self.alabama)
        #expect(changes["route"] as? String == "clear")
    }

    @Test(
        "rule: launch and changes say the same region rule as age",
        arguments: [utah, alabama, ["--age", "30", "--region", "US-LA", "--date", "2026-06-30"]])
    func everyCommandSaysWhichDate(_ arguments: [String]) async throws {
        let age = try await ScenarioRulesTests.json(["age"] + arguments)
        let expected = try #require((age["input"] as? [String: Any])?["regionRule"] as? [String: Any])
        let text = try #require(expected["text"] as? String)
        for command in [["launch"], ["changes", "--catalog", Self.catalog]] {
            let json = try await ScenarioRulesTests.json(command + arguments)
            let rule = try #require((json["scenario"] as? [String: Any])?["regionRule"] as? [String: Any])
            #expect(rule["text"] as? String == text, "\(command[0])")
            #expect(rule["follows"] as? String == expected["follows"] as? String, "\(command[0])")
            let out = await ScenarioRulesTests.agekit(command + arguments).out
            #expect(out.contains("Region rule: \(text)"), "\(command[0]): \(out)")
        }
    }

    @Test("the region listing says which date each region follows and where its facts come from")
    func listing() async throws {
        let regions = try await ScenarioRulesTests.jsonArray(["age", "regions"])
        let utah = try #require(regions.first { $0["id"] as? String == "US-UT" })
        #expect(utah["follows"] as? String == "appleRollout")
        #expect(utah["inEffectFrom"] as? String == "2026-05-06")
        #expect(utah["appleRolloutFrom"] as? String == "2026-05-06")
        #expect(utah["lawEffectiveFrom"] as? String == "2027-05-06")
        #expect((utah["sources"] as? [String: Any])?["features"] is String)
        let text = await ScenarioRulesTests.agekit(["age", "regions"]).out
        #expect(text.contains("US-AL    Alabama; from 2027-01-01, the law's date; no Apple rollout"), "\(text)")
    }

    @Test("the explorer says which date each region follows on each day swept")
    func explorer() async throws {
        let options = try ExploreOptions(
            ["--region", "US-UT", "--date", "2026-12-03", "--platform", "iOS", "--os", "26.5", "--age", "14"],
            today: ScenarioOptions.defaultDate)
        let report = await ExploreSweep(
            axes: options.axes(.example, today: ScenarioOptions.defaultDate), configuration: .example
        )
        .run()
        let rule = try #require(report.regionRules?["US-UT 2026-12-03"])
        #expect(rule.hasPrefix("Utah follows Apple's rollout"), "\(rule)")
        #expect(report.html.contains(rule), "the matrix of Utah on 2026-12-03 names its rule")
    }
}
