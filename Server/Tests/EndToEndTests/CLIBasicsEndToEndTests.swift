import AgeKitCLI
import ConsentServer
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
        #expect(version.out == "agekit \(Release.version)\n", "\(version.out)")
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
        // The scenario options, as `agekit age --help` lists them in their own section.
        let ageHelp = try AgekitBinary.run(["age", "--help"]).out
        let section = ageHelp.split(separator: "\n\n").first { $0.hasPrefix("Scenario options") } ?? ""
        let scenarioOptions = Set(String(section).matches(of: /--[a-z0-9-]+/).map { String($0.output) })
        #expect(scenarioOptions.isSuperset(of: ["--region", "--date", "--fault", "--saved"]), "\(scenarioOptions)")
        for command in commands {
            let help = try AgekitBinary.run([command, "--help"]).out
            let usage = String(help.prefix(upTo: help.range(of: "\n\n")?.lowerBound ?? help.endIndex))
            let shown = Set(help.matches(of: /(?m)^ +(--[a-z0-9-]+)/).map { String($0.output.1) })
            let listed = Set(usage.matches(of: /--[a-z0-9-]+/).map { String($0.output) })
            // "[scenario options]" stands for the options of the section of that name.
            let scenario = usage.contains("[scenario options]") ? scenarioOptions : []
            let missing = shown.subtracting(listed).subtracting(scenario).sorted()
            #expect(missing.isEmpty, "\(command): the usage line omits \(missing)")
        }
    }

    /// The options each command declares are the ones it parses (Arguments accepts nothing
    /// else), so this holds parsing, `--help` and docs/cli.md to one list.
    @Test("every option a command parses is in its --help and in docs/cli.md, and nothing else is")
    func everyParsedOptionIsDocumented() throws {
        let root = Repository.root
        let reference = try String(contentsOf: root.appendingPathComponent("docs/cli.md"), encoding: .utf8)
        for command in AgeKitCLI.commands {
            let help = try AgekitBinary.run([command.name, "--help"]).out
            let section =
                reference.components(separatedBy: "\n## agekit \(command.name)\n").dropFirst().first?
                .components(separatedBy: "\n## ").first ?? ""
            let parsed = Set(command.options.map { "--" + $0.name })
            let named = Set(help.matches(of: /--[a-z0-9][a-z0-9-]*/).map { String($0.output) })
            #expect(
                parsed.subtracting(named).isEmpty, "\(command.name) --help omits \(parsed.subtracting(named).sorted())")
            let documented = Set(section.matches(of: /--[a-z0-9][a-z0-9-]*/).map { String($0.output) })
            #expect(
                parsed.subtracting(documented).isEmpty,
                "docs/cli.md (agekit \(command.name)) omits \(parsed.subtracting(documented).sorted())")
            // Every option line of the help names an option the command parses.
            let shown = Set(help.matches(of: /(?m)^ +(--[a-z0-9-]+)/).map { String($0.output.1) })
            #expect(shown.isSubset(of: parsed), "\(command.name) --help shows \(shown.subtracting(parsed).sorted())")
        }
    }
}
