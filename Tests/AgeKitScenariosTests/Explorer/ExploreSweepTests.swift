import AgeKitSimulator
import AgeSignals
import Foundation
import SignificantChanges
import Testing

@testable import AgeKitScenarios

/// The explorer on a small configuration against cells worked out from the rules by hand.
@Suite("agekit explore: the sweep")
struct ExploreSweepTests {
    struct Expected: Sendable, CustomTestStringConvertible {
        var persona: String
        var platform: Platform
        var os: String
        var region: String
        /// The gate: where it asked and what it learned (the colour class).
        var askedAt: String
        var age: String
        /// The launch: over with the tracking prompt (T), stopped (S or M with the message).
        var launch: String
        /// The significant-change route.
        var route: String

        var testDescription: String { "\(persona) \(platform.rawValue) \(os) \(region)" }
    }

    static let expected: [Expected] = [
        // Texas in effect: the system requires the range, the law's bands decide, a child stops the launch.
        Expected(
            persona: "under13-approved", platform: .iOS, os: "26.4", region: "US-TX", askedAt: "launch", age: "minor",
            launch: "S", route: "guardianQuestion"),
        Expected(
            persona: "adult-confirmed", platform: .iOS, os: "26.4", region: "US-TX", askedAt: "launch",
            age: "adultConfirmed", launch: "T", route: "clear"),
        // The Mac never asks at launch (seed 000): the gate asks on first use; the launch counts
        // the person over, as the system requires no check on macOS (seed 002).
        Expected(
            persona: "adult-confirmed", platform: .macOS, os: "26.4", region: "US-TX", askedAt: "firstUse",
            age: "adultConfirmed", launch: "T", route: "clear"),
        // Before 26.2 nothing says whether the person is regulated: the gate and the launch
        // both ask at launch (one ask, the careful side), and the routing infers the features on
        // the careful side: a minor's consent goes to a device that can ask, an adult gets the
        // app's own notice.
        Expected(
            persona: "under13-approved", platform: .iOS, os: "26.1", region: "US-TX", askedAt: "launch",
            age: "minor", launch: "S", route: "otherDevice"),
        Expected(
            persona: "adult-confirmed", platform: .iOS, os: "26.1", region: "default", askedAt: "launch",
            age: "adult", launch: "T", route: "inAppNotice"),
        // Unregulated: no check is required, so the launch counts the child as over; the gate
        // learns the age on first use; the persona's sandbox switch asks the guardian.
        Expected(
            persona: "under13-approved", platform: .iOS, os: "26.4", region: "default", askedAt: "firstUse",
            age: "minor", launch: "T", route: "guardianQuestion"),
        // tvOS cannot ask at all: the gate never learns, a launch that asks everyone stops with
        // the message, and consent goes to another device.
        Expected(
            persona: "under13-approved", platform: .tvOS, os: "26.1", region: "US-TX", askedAt: "never",
            age: "notAsked", launch: "M", route: "otherDevice"),
        Expected(
            persona: "adult-confirmed", platform: .tvOS, os: "26.1", region: "default", askedAt: "never",
            age: "notAsked", launch: "M", route: "otherDevice"),
    ]

    @Test("persona x platform x OS x region gives the outcome the rules give", arguments: expected)
    func expectedCells(_ expected: Expected) async throws {
        let configuration = ExploreConfiguration.example
        let report = await ExploreSweep(axes: ExploreHarness.smallAxes(), configuration: configuration).run()
        let cell = try #require(
            report.cells.first { cell in
                cell.key.person == expected.persona && cell.key.platform == expected.platform.rawValue
                    && cell.key.os == expected.os && cell.key.region == expected.region
            })
        let outcomes = report.outcomes(of: cell)
        #expect(outcomes.age.askedAt == expected.askedAt)
        #expect(outcomes.age.category == expected.age)
        #expect(outcomes.launch.code == expected.launch)
        #expect(outcomes.changes.route == expected.route)
        #expect(cell.violations.isEmpty)
    }

    @Test("the small sweep covers every combination once, in axis order")
    func coversTheSpace() async {
        let axes = ExploreHarness.smallAxes()
        let report = await ExploreSweep(axes: axes, configuration: .example).run()
        #expect(report.cells.count == axes.cellCount)
        #expect(Set(report.cells.map(\.key)).count == axes.cellCount)
        #expect(report.summary.cells == axes.cellCount)
    }

    @Test("the default axes: an age at the start of every band, every platform, OS, region and rule date")
    func defaultAxes() {
        let today = CalendarDay(2026, 12, 1)!
        let axes = ExploreAxes.full(configuration: .example, today: today)
        let names = axes.persons.map(\.name)
        for name in ["age-12", "age-13", "age-16", "age-18"] { #expect(names.contains(name), "\(name)") }
        #expect(names.count == SandboxPersona.all.count + 4)
        #expect(axes.platforms.count == 7)
        #expect(axes.versions.map(\.description) == ["26.0", "26.1", "26.2", "26.3", "26.4", "26.5", "27.0"])
        #expect(axes.regions.count == RegionCatalog.standard.regions.count)
        // Utah and Louisiana start on Apple's rollout (2026-05-06, 2026-07-01), not on their
        // laws' dates (2027-05-06, 2027-07-01), on which the system changes nothing.
        #expect(
            axes.dates.map(\.description) == [
                "2026-02-24", "2026-05-06", "2026-06-04", "2026-07-01", "2026-12-01", "2027-01-01",
            ])
    }
}

@Suite("agekit explore: the built-in configuration")
struct ExploreConfigurationTests {
    @Test("the built-in catalog is the one docs/examples/changes.json documents")
    func builtInCatalogMatchesTheExample() throws {
        let file = ExploreHarness.root.appendingPathComponent("docs/examples/changes.json")
        #expect(try ChangeCatalog(json: Data(contentsOf: file)) == ExploreConfiguration.exampleCatalog)
    }
}
