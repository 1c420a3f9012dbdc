import Foundation
import Testing

@testable import AgeKitCLI
@testable import AgeKitScenarios

/// `--baseline` and `--fail-on`: two configurations that differ by one gate.
@Suite("agekit explore: what changed, for whom")
struct ExploreComparisonTests {
    static let withSixteen = """
        {"gates": [13, 16, 18], "features": {"notes": {"minimumAge": 13},
         "messages": {"minimumAge": 16, "blockedByCommunicationLimits": true}, "market": {"minimumAge": 18}}}
        """
    /// The same app without the gate at 16: a 16-year-old is now known only as 13-17.
    static let withoutSixteen = """
        {"gates": [13, 18], "features": {"notes": {"minimumAge": 13},
         "messages": {"minimumAge": 16, "blockedByCommunicationLimits": true}, "market": {"minimumAge": 18}}}
        """

    @Test("removing a gate changes only the 16- and 17-year-olds, and crosses newlyBlocked")
    func oneGateRemoved() async throws {
        let before = try ExploreHarness.write(Self.withSixteen, "before.json")
        let after = try ExploreHarness.write(Self.withoutSixteen, "after.json")
        let baseline = ExploreHarness.path("baseline.json")
        let first = await ExploreHarness.run(ExploreHarness.smallFlags + ["--profile", before, "--json", baseline])
        #expect(first.status == 0, "\(first.err)")

        let html = ExploreHarness.path("diff.html")
        let json = ExploreHarness.path("diff.json")
        let second = await ExploreHarness.run(
            ExploreHarness.smallFlags + [
                "--profile", after, "--baseline", baseline, "--fail-on", "newlyBlocked", "--json", json, "--html", html,
            ])
        #expect(second.status == 3, "\(second.out)\(second.err)")
        #expect(second.err.contains("newlyBlocked"))

        let comparison = try #require(try ExploreHarness.report(json).comparison)
        #expect(!comparison.changed.isEmpty)
        #expect(Set(comparison.changed.map(\.key.person)).isSubset(of: ["16to17-declined", "age-16"]))
        for change in comparison.changed {
            #expect(change.parts.contains("age"))
            #expect(change.old.age.features.first { $0.name == "messages" }?.allowed == true)
            #expect(change.new.age.features.first { $0.name == "messages" }?.allowed == false)
            #expect(change.crossings.contains(.newlyBlocked))
        }
        #expect(comparison.crossings["newlyBlocked"] == comparison.changed.count)
        let page = try String(contentsOfFile: html, encoding: .utf8)
        #expect(page.contains("<section id=\"comparison\">"))
        #expect(page.contains("data-figure=\"changed\">\(comparison.changed.count)<"))
    }

    @Test("the same configuration twice: nothing changed, no line crossed, exit 0")
    func unchanged() async throws {
        let baseline = ExploreHarness.path("same.json")
        #expect(await ExploreHarness.run(ExploreHarness.smallFlags + ["--json", baseline]).status == 0)
        let json = ExploreHarness.path("same-again.json")
        let again = await ExploreHarness.run(
            ExploreHarness.smallFlags + [
                "--baseline", baseline, "--fail-on", "minorTracking,minorAdultFeature,newlyBlocked,newViolation",
                "--json", json,
            ])
        #expect(again.status == 0, "\(again.err)")
        let comparison = try #require(try ExploreHarness.report(json).comparison)
        #expect(comparison.changed.isEmpty)
        #expect(comparison.added == 0 && comparison.removed == 0)
    }
}
