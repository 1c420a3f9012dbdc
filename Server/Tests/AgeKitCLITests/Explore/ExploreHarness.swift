import Foundation
import Synchronization
import TestSupport

@testable import AgeKitCLI
@testable import AgeKitScenarios

/// Runs `agekit explore` in process for the command's tests (the explorer's own tests are in
/// AgeKitScenariosTests).
enum ExploreHarness {
    final class Output: Sendable {
        let out = Mutex("")
        let err = Mutex("")
        var console: Console {
            Console(
                out: { line in self.out.withLock { $0 += line + "\n" } },
                err: { line in self.err.withLock { $0 += line + "\n" } })
        }
    }

    static func run(_ arguments: [String]) async -> (status: Int32, out: String, err: String) {
        let output = Output()
        let status = await AgeKitCLI.main(["explore"] + arguments, console: output.console)
        return (status, output.out.withLock { $0 }, output.err.withLock { $0 })
    }

    /// A fresh path in the test's scratch directory.
    static func path(_ name: String) -> String {
        TestScratch.root.appendingPathComponent("\(UUID().uuidString)-\(name)").path
    }

    static func write(_ text: String, _ name: String) throws -> String {
        let file = path(name)
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        return file
    }

    static func report(_ path: String) throws -> ExploreReport {
        try JSONDecoder().decode(ExploreReport.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
    }

    static let smallFlags = [
        "--persona", "under13-approved,adult-confirmed,16to17-declined,age-16", "--answer", "declared,declined",
        "--platform", "iOS,macOS", "--os", "26.2,26.4", "--region", "default,US-TX", "--date", "2027-01-01",
    ]
}
