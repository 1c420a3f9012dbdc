import Foundation
import Testing

@testable import AgeKitCLI
@testable import AgeKitScenarios

/// Who gets what: the feature view of the JSON and HTML reports, checked on cells whose
/// decision the profile fixes (the example profile opens `notes` at 13, `messages` at 16).
@Suite("agekit explore: the feature view")
struct ExploreFeatureViewTests {
    @Test("a 13-to-15 who shares the range gets notes and not messages; the JSON and the page say so")
    func knownCell() async throws {
        let json = ExploreHarness.path("features.json")
        let html = ExploreHarness.path("features.html")
        let run = await ExploreHarness.run([
            "--persona", "13to15-approved,adult-confirmed", "--answer", "declared", "--platform", "iOS", "--os",
            "26.2,26.4", "--region", "default,US-TX", "--date", "2027-01-01", "--json", json, "--html", html,
        ])
        #expect(run.status == 0, "\(run.err)")
        let report = try ExploreHarness.report(json)
        let view = try #require(report.featureView)
        #expect(view.features == ["market", "messages", "notes", "payouts"])
        let messages = try #require(
            view.decisions(
                feature: "messages", person: "13to15-approved", answer: "declared", region: "US-TX",
                date: "2027-01-01"))
        #expect(messages.map(\.text) == ["closed: tooYoung"])
        #expect(messages.first?.devices == nil, "every device swept agrees")
        let notes = view.decisions(
            feature: "notes", person: "13to15-approved", answer: "declared", region: "US-TX", date: "2027-01-01")
        #expect(notes?.map(\.text) == ["open"])

        // The view agrees with the cell's own age outcome.
        let cell = try #require(
            report.cells.first {
                $0.key.person == "13to15-approved" && $0.key.region == "US-TX" && $0.key.os == "26.4"
            })
        let feature = try #require(report.ageOutcomes[cell.age].features.first { $0.name == "messages" })
        #expect(!feature.allowed && feature.reason == "tooYoung")

        // The page shows the same decision in the row of that person, in the first region and
        // date (a later one with the same decisions links to it instead).
        #expect(
            view.decisions(
                feature: "messages", person: "13to15-approved", answer: "declared", region: "default",
                date: "2027-01-01")?.map(\.text) == ["closed: tooYoung"])
        let page = try String(contentsOfFile: html, encoding: .utf8)
        let section = try #require(
            page.components(separatedBy: "<section class=\"fd\" id=\"f-default-2027-01-01\"").dropFirst().first)
        let row = try #require(
            section.components(separatedBy: "<tr data-person=\"13to15-approved\" data-answer=\"declared\">")
                .dropFirst().first?.components(separatedBy: "</tr>").first)
        #expect(row.contains("data-feature=\"messages\">closed: tooYoung"), "\(row)")
        #expect(row.contains("data-feature=\"notes\">open"), "\(row)")
        #expect(page.contains("<a href=\"#features\">Who gets what</a>"))
    }
}
