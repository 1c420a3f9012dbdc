import AgeKitScenarios
import Foundation
import Testing

/// The example of docs/explorer.md: an app's own test target runs the whole matrix against its
/// profile through the public API only, as it would with `import AgeKitScenarios` in Xcode.
@Suite("An app's scenario tests")
struct AppScenarioTests {
    /// The app's profile, as its test bundle would hold it.
    static let profile = """
        {"gates": [13, 16, 18], "features": {"notes": {"minimumAge": 13},
         "messages": {"minimumAge": 16, "blockedByCommunicationLimits": true}, "market": {"minimumAge": 18}}}
        """
    /// A release that drops the gate at 16: a 16-year-old is then known only as 13-17.
    static let profileWithoutSixteen = """
        {"gates": [13, 18], "features": {"notes": {"minimumAge": 13},
         "messages": {"minimumAge": 16, "blockedByCommunicationLimits": true}, "market": {"minimumAge": 18}}}
        """

    /// Every person and answer on two iOS versions in two regions (120 cells), as the command
    /// line narrows it with --platform iOS --os 26.4,27.0 --region default,US-TX.
    static func sweep(_ profile: String) async throws -> ExploreReport {
        let app = try ExploreConfiguration(profileJSON: Data(profile.utf8))
        var axes = ExploreAxes.full(configuration: app)
        axes.platforms = [try ExploreAxes.platform(named: "iOS")]
        axes.versions = try ["26.4", "27.0"].map(ExploreAxes.version(named:))
        axes.regions = try ["default", "US-TX"].map(ExploreAxes.region(named:))
        axes.dates = [ExploreAxes.defaultDate]
        return await ExploreSweep(axes: axes, configuration: app).run()
    }

    @Test("no minor reaches the tracking prompt or an 18+ feature, and no invariant breaks")
    func minorsAreKeptOut() async throws {
        let report = try await Self.sweep(Self.profile)
        #expect(report.summary.cells == 120)
        #expect(report.summary.minorTracking == 0, "\(report.text)")
        #expect(report.summary.minorAdultFeature == 0, "\(report.text)")
        #expect(report.summary.violatingCells == 0, "\(report.text)")
    }

    @Test("the same profile against its baseline crosses no line")
    func unchangedAgainstBaseline() async throws {
        let baseline = try ExploreReport(baseline: try await Self.sweep(Self.profile).jsonData())
        var report = try await Self.sweep(Self.profile)
        let comparison = report.compare(with: baseline, named: "baseline.json")
        let differences = comparison.differences(crossing: Set(ExploreComparison.Line.allCases))
        #expect(differences.isEmpty, "\(differences.joined(separator: "\n"))")
    }

    @Test("dropping a gate fails the baseline comparison on newlyBlocked, naming each cell")
    func droppedGateCrossesALine() async throws {
        let baseline = try ExploreReport(baseline: try await Self.sweep(Self.profile).jsonData())
        var report = try await Self.sweep(Self.profileWithoutSixteen)
        let comparison = report.compare(with: baseline, named: "baseline.json")
        let differences = comparison.differences(crossing: [.newlyBlocked])
        #expect(!differences.isEmpty)
        #expect(report.count(crossing: [.newlyBlocked]) == differences.count)
        for line in differences {
            #expect(line.contains("age changed") && line.hasSuffix("crosses newlyBlocked"), "\(line)")
            #expect(line.hasPrefix("16to17-") || line.hasPrefix("age-16 "), "\(line)")
        }
    }
}
