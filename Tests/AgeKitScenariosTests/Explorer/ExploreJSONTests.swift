import Foundation
import Testing

@testable import AgeKitScenarios

/// The report's cells are written by hand for speed: byte for byte what the encoder writes.
@Suite("agekit explore JSON")
struct ExploreJSONTests {
    static func encoded(_ report: ExploreReport) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(report)
    }

    @Test("the written JSON is the encoder's, with strings to escape and violations in the cells")
    func sameBytesAsTheEncoder() async throws {
        var report = await ExploreSweep(axes: ExploreHarness.smallAxes(), configuration: .example).run()
        try #require(report.cells.count > 2)
        report.cells[0].key.person = "a \"quoted\" \\ name/with\tcontrol\u{1} and é"
        report.cells[1].violations = [
            ExploreInvariants.Violation(rule: .nothingAfterAgeWhenUnder, detail: "ads started \"early\"")
        ]
        report.cells[1].minorTracking = true
        let written = report.jsonData()
        #expect(written == (try Self.encoded(report)))
        #expect(try JSONDecoder().decode(ExploreReport.self, from: written) == report)
    }

    @Test("a report with no cells is the encoder's too")
    func noCells() async throws {
        var report = await ExploreSweep(axes: ExploreHarness.smallAxes(), configuration: .example).run()
        report.cells = []
        #expect(report.jsonData() == (try Self.encoded(report)))
    }
}
