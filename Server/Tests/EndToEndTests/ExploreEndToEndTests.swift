import Foundation
import TestSupport
import Testing

/// `agekit explore` on the binary: a report path that cannot be written is refused before
/// the sweep, so a mistyped folder costs no time.
@Suite("agekit explore end to end")
struct ExploreEndToEndTests {
    @Test(
        "a report path in a missing folder, or naming a folder, fails at once with its name",
        arguments: ["--html", "--json"])
    func outputCheckedBeforeTheSweep(option: String) throws {
        let scratch = TestScratch.root.appendingPathComponent("explore-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        let missing = scratch.appendingPathComponent("no-such-folder/report").path
        let clock = ContinuousClock()
        let start = clock.now
        // The full default sweep: tens of thousands of cells, many seconds in a debug build.
        let run = try AgekitBinary.run(["explore", option, missing])
        #expect(clock.now - start < .seconds(3), "the sweep ran before the path was checked")
        #expect(run.status == 1, "\(run.err)")
        #expect(run.err.contains("output_unwritable") && run.err.contains("no-such-folder"), "\(run.err)")
        #expect(run.err.contains("does not exist"), "\(run.err)")
        #expect(!run.err.contains("cells ("), "progress before the refusal: \(run.err)")
        #expect(run.out.isEmpty)

        let folder = try AgekitBinary.run(["explore", option, scratch.path])
        #expect(folder.status == 1 && folder.err.contains("is a folder"), "\(folder.err)")
    }
}
