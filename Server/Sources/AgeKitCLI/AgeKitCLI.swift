import ConsentServer

/// The `agekit` program: finds the command and runs it, mapping errors to exit codes.
package enum AgeKitCLI {
    /// Every command, in the order `agekit --help` lists them. Add a command here.
    package static let commands: [any Command.Type] = [
        ServeCommand.self,
        CheckCommand.self,
        VerifyCommand.self,
        SimulateCommand.self,
        DemoCommand.self,
        EventsCommand.self,
        PruneCommand.self,
        HistoryCommand.self,
        LinkCommand.self,
        ImportCommand.self,
        TestNotificationCommand.self,
        AgeCommand.self,
        LaunchCommand.self,
        ChangesCommand.self,
        ExploreCommand.self,
        BenchCommand.self,
        CompletionCommand.self,
        VersionCommand.self,
    ]

    package static let version = Release.version

    /// A bare `agekit` prints the overview and exits 0: help that was not asked for is still
    /// not a mistake (as swift-argument-parser does for a command made only of subcommands).
    package static func main(_ arguments: [String], console: Console = .terminal) async -> Int32 {
        guard let name = arguments.first, !["--help", "-h"].contains(name) else {
            console.out(overview)
            return 0
        }
        if name == "--version" {
            console.out("agekit \(version)")
            return 0
        }
        if name == "help" { return help(Array(arguments.dropFirst()), console) }
        guard let command = command(named: name, console) else { return 2 }
        let rest = Array(arguments.dropFirst())
        if rest.contains("--help") || rest.contains("-h") {
            let nested = rest.first.flatMap { word in command.subcommands.first { $0.name == word } }
            console.out(nested.map(command.subcommandHelp) ?? command.help)
            return 0
        }
        do {
            return try await command.run(rest, console)
        } catch {
            console.fail(error.message)
            if case .usage = error { console.err("Run 'agekit \(name) --help' for the options.") }
            return error.exitCode
        }
    }

    /// The command called `name`, or nil after saying so (with the nearest name).
    static func command(named name: String, _ console: Console) -> (any Command.Type)? {
        if let command = commands.first(where: { $0.name == name }) { return command }
        let hint = NearestName.hint(for: name, among: commands.map { $0.name })
        console.fail("usage: unknown command '\(name)'\(hint)")
        console.err("\n\(overview)")
        return nil
    }

    /// `agekit help [COMMAND [SUBCOMMAND]]`: the overview, a command's help or a subcommand's.
    static func help(_ arguments: [String], _ console: Console) -> Int32 {
        guard let name = arguments.first else {
            console.out(overview)
            return 0
        }
        guard arguments.count <= 2 else {
            console.fail("usage: agekit help [COMMAND [SUBCOMMAND]]")
            return 2
        }
        guard let command = command(named: name, console) else { return 2 }
        guard arguments.count == 2 else {
            console.out(command.help)
            return 0
        }
        do {
            console.out(command.subcommandHelp(try command.subcommand(arguments[1])))
            return 0
        } catch {
            console.fail(error.message)
            return error.exitCode
        }
    }

    static var overview: String {
        let entries: [(name: String, summary: String)] = commands.map { command in
            (command.name, command.summary)
        }
        let width = entries.reduce(0) { max($0, $1.name.count) }
        let lines = entries.map { entry in
            "  " + entry.name + String(repeating: " ", count: width - entry.name.count + 2) + entry.summary
        }
        return """
            agekit \(version): age assurance and the consent lifecycle for App Store apps.

            Usage: agekit COMMAND [OPTIONS]
                   agekit help COMMAND [SUBCOMMAND]
                   agekit completion bash|zsh|fish
                   agekit --version

            Commands:
            \(lines.joined(separator: "\n"))

            Run 'agekit COMMAND --help' or 'agekit help COMMAND' for a command's options. A bare
            'agekit' prints this overview and exits 0. Failures and warnings are coloured when
            written to a terminal; NO_COLOR (set to anything) turns colour off.

            JSON output (every --json, the admin API, the request log, forwarded events) writes
            every field of an object, and a field without a value (not measured, does not apply)
            as null: a field is never left out.
            """
    }
}

struct VersionCommand: Command {
    static let name = "version"
    static let summary = "Print the version."
    static let help = "Usage: agekit version\n\nPrints the version of agekit (as does 'agekit --version')."
    static let options: [Option] = []

    static func run(_ arguments: [String], _ console: Console) async throws(CLIError) -> Int32 {
        _ = try Arguments(arguments, options)
        console.out("agekit \(AgeKitCLI.version)")
        return 0
    }
}
