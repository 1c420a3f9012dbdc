import AgeKitSimulator
import AgeSignals
import Foundation

@testable import AgeKitScenarios

/// Small sweeps for the explorer's tests (the command's own tests run it through
/// `AgeKitCLITests`' harness).
enum ExploreHarness {
    /// A small space: two personas, one answer, three platforms, two OS versions, two regions, one day.
    static func smallAxes() -> ExploreAxes {
        ExploreAxes(
            persons: [
                ExplorePerson(persona: SandboxPersona.named("under13-approved")!),
                ExplorePerson(persona: SandboxPersona.named("adult-confirmed")!),
            ],
            answers: [.declared], platforms: [.iOS, .macOS, .tvOS], versions: [OSVersion(26, 1), OSVersion(26, 4)],
            regions: [RegionCatalog.standard.defaultRegion, try! RegionCatalog.standard.region("US-TX")],
            dates: [CalendarDay(2027, 1, 1)!])
    }

    /// The package root, for the documented examples the tests compare with.
    static var root: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
    }
}
