/// The `agekit` program: finds the command and runs it, mapping errors to exit codes.
public enum AgeKitCLI {
    /// Every command, in the order `agekit --help` lists them. Add a command here.
    public static let commands: [any Command.Type] = [
        ServeCommand.self,
        VerifyCommand.self,
        SimulateCommand.self,
        EventsCommand.self,
        HistoryCommand.self,
        TestNotificationCommand.self,
        AgeCommand.self,
        LaunchCommand.self,
        ChangesCommand.self,
        ExploreCommand.self,
        BenchCommand.self,
        VersionCommand.self,
    ]

    public static let version = "0.1.0"

    public static func main(_ arguments: [String], console: Console = .terminal) async -> Int32 {
        guard let name = arguments.first, !["--help", "-h", "help"].contains(name) else {
            console.out(overview)
            return arguments.isEmpty ? 2 : 0
        }
        guard let command = commands.first(where: { $0.name == name }) else {
            console.err("usage: unknown command '\(name)'\n\n\(overview)")
            return 2
        }
        let rest = Array(arguments.dropFirst())
        if rest.contains("--help") || rest.contains("-h") {
            console.out(command.help)
            return 0
        }
        do {
            return try await command.run(rest, console)
        } catch {
            console.err(error.message)
            if case .usage = error { console.err("Run 'agekit \(name) --help' for the options.") }
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

            Commands:
            \(lines.joined(separator: "\n"))

            Run 'agekit COMMAND --help' for a command's options.

            JSON output (every --json, the admin API, the request log, forwarded events) writes
            every field of an object, and a field without a value (not measured, does not apply)
            as null: a field is never left out.
            """
    }
}

struct VersionCommand: Command {
    static let name = "version"
    static let summary = "Print the version."
    static let help = "Usage: agekit version\n\nPrints the version of agekit."

    static func run(_ arguments: [String], _ console: Console) async throws(CLIError) -> Int32 {
        _ = try Arguments(arguments, valued: [])
        console.out(AgeKitCLI.version)
        return 0
    }
}
