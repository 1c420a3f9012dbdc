import Foundation
import Synchronization
import TestSupport
import Testing

@testable import AgeKitCLI

@Suite("Help texts and the command reference")
struct HelpTests {
    func help(_ arguments: [String]) async -> (status: Int32, text: String) {
        let output = Mutex("")
        let console = Console(out: { line in output.withLock { $0 += line + "\n" } }, err: { _ in })
        let status = await AgeKitCLI.main(arguments, console: console)
        return (status, output.withLock { $0 })
    }

    @Test("every command answers --help with its usage, exit 0")
    func everyCommandHasHelp() async {
        for command in AgeKitCLI.commands {
            let (status, text) = await help([command.name, "--help"])
            #expect(status == 0)
            #expect(text.contains("agekit \(command.name)"), "\(command.name)")
        }
    }

    @Test("docs/cli.md holds the current help of every command (regenerate with scripts/cli-docs)")
    func referenceMatchesHelp() async throws {
        let root = Repository.root
        let reference = try String(contentsOf: root.appendingPathComponent("docs/cli.md"), encoding: .utf8)
        #expect(reference.contains(await help(["--help"]).text))
        for command in AgeKitCLI.commands {
            #expect(reference.contains(await help([command.name, "--help"]).text), "agekit \(command.name) --help")
        }
    }

    @Test("an unknown command is a usage error (exit 2)")
    func unknownCommand() async {
        #expect(await help(["frobnicate"]).status == 2)
        #expect(await help([]).status == 0)  // a bare agekit prints the overview
    }
}
