import AgeKitSimulator
import AgeSignals
import Testing

@testable import AgeKitScenarios

/// The explorer's sweep against the commands themselves: the same person gives the same launch.
@Suite("agekit explore: the sweep and the commands")
struct ExploreCommandAgreementTests {
    @Test("a cell of the sweep matches what agekit age and agekit launch print for the same person")
    func agreesWithTheCommands() async throws {
        let axes = ExploreAxes(
            persons: [ExplorePerson(persona: SandboxPersona.named("13to15-approved")!)], answers: [.declared],
            platforms: [.iOS], versions: [OSVersion(26, 4)], regions: [try RegionCatalog.standard.region("US-TX")],
            dates: [CalendarDay(2026, 11, 30)!])
        let report = await ExploreSweep(axes: axes, configuration: .example).run()
        let outcomes = report.outcomes(of: try #require(report.cells.first))
        let age = await LaunchCommandTests().run(["--persona", "13to15-approved", "--region", "US-TX", "--json"])
        #expect(age.out.contains("\"ageAnswer\" : \"\(outcomes.launch.ageAnswer)\""))
        #expect(age.out.contains("\"trackingPrompt\" : \"\(outcomes.launch.trackingPrompt)\""))
    }
}
