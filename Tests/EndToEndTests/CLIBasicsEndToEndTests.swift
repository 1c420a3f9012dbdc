import Foundation
import TestSupport
import Testing

/// The basics of a command-line tool, on the binary.
@Suite("the CLI basics end to end")
struct CLIBasicsEndToEndTests {
    @Test("--version prints the version, help COMMAND prints its help, and a near miss is named")
    func basics() throws {
        let version = try AgekitBinary.run(["--version"])
        #expect(version.status == 0)
        #expect(version.out.hasPrefix("agekit 0."), "\(version.out)")
        let help = try AgekitBinary.run(["help", "events"])
        let direct = try AgekitBinary.run(["events", "--help"])
        #expect(help.status == 0 && help.out == direct.out && help.out.contains("Usage: agekit events"))
        for (arguments, hint) in [
            (["serv"], "did you mean 'serve'?"), (["help", "evnts"], "did you mean 'events'?"),
            (["serve", "--lisen", "127.0.0.1:0"], "did you mean '--listen'?"),
            (["verify", "--kindd", "notification", "-"], "did you mean '--kind'?"),
        ] {
            let run = try AgekitBinary.run(arguments)
            #expect(run.status == 2, "\(arguments)")
            #expect(run.err.contains(hint), "\(arguments): \(run.err)")
        }
    }

    @Test("every usage line lists every option shown under it")
    func usageListsEveryOption() throws {
        let overview = try AgekitBinary.run(["--help"]).out
        let commands = overview.split(separator: "\n").drop { !$0.hasPrefix("Commands:") }.dropFirst()
            .prefix { $0.hasPrefix("  ") }.compactMap { $0.split(separator: " ").first.map(String.init) }
        #expect(commands.count > 10)
        for command in commands {
            let help = try AgekitBinary.run([command, "--help"]).out
            let usage = String(help.prefix(upTo: help.range(of: "\n\n")?.lowerBound ?? help.endIndex))
            let shown = Set(help.matches(of: /(?m)^ +(--[a-z0-9-]+)/).map { String($0.output.1) })
            let listed = Set(usage.matches(of: /--[a-z0-9-]+/).map { String($0.output) })
            let missing = shown.subtracting(listed).sorted()
            // The app-side commands are another change's; their gaps are known.
            withKnownIssue("\(command)'s usage line", isIntermittent: true) {
                #expect(missing.isEmpty, "\(command): the usage line omits \(missing)")
            } when: {
                ["changes", "explore"].contains(command)
            }
        }
    }
}
