import AgeKitCLI
import Foundation
import TestSupport
import Testing

/// What people expect of a command-line tool, on the binary: nothing it is told is ignored,
/// help for nested commands, completion scripts, colour only on a terminal.
@Suite("the CLI's habits end to end")
struct CLIHabitsEndToEndTests {
    /// Every option a command declares that a subcommand does not take, given to that
    /// subcommand: a usage error naming it, before any work is done.
    @Test("every subcommand refuses each option it does not take (exit 2), naming it")
    func subcommandsRefuseOptionsTheyDoNotTake() throws {
        var refused = 0
        for command in AgeKitCLI.commands {
            for subcommand in command.subcommands {
                for option in command.options where !subcommand.options.contains(option.name) {
                    let value = option.value == nil ? [] : ["1"]
                    let run = try AgekitBinary.run([command.name, subcommand.name, "--" + option.name] + value)
                    #expect(run.status == 2, "\(command.name) \(subcommand.name) --\(option.name): \(run.out)")
                    #expect(run.err.contains("unknown option --\(option.name)"), "\(run.err)")
                    refused += 1
                }
            }
        }
        #expect(refused > 30, "the table found only \(refused) options to refuse")
        let typo = try AgekitBinary.run(["events", "status", "--jsn"])
        #expect(typo.status == 2 && typo.err.contains("did you mean '--json'?"), "\(typo.err)")
    }

    @Test(
        "help COMMAND SUBCOMMAND and COMMAND SUBCOMMAND --help show the subcommand's own options; a bare agekit exits 0"
    )
    func nestedHelp() throws {
        let help = try AgekitBinary.run(["help", "simulate", "rescind"])
        #expect(help.status == 0, "\(help.err)")
        #expect(help.out.hasPrefix("Usage: agekit simulate rescind"), "\(help.out)")
        #expect(help.out.contains("--app-transaction-id") && !help.out.contains("--type"), "\(help.out)")
        #expect(try AgekitBinary.run(["simulate", "rescind", "--help"]).out == help.out)
        let events = try AgekitBinary.run(["help", "events", "status"])
        #expect(events.status == 0 && events.out.contains("--json") && !events.out.contains("--count"), "\(events.out)")
        let unknown = try AgekitBinary.run(["help", "simulate", "rescnd"])
        #expect(unknown.status == 2 && unknown.err.contains("did you mean 'rescind'?"), "\(unknown.err)")
        let bare = try AgekitBinary.run([])
        #expect(bare.status == 0)
        #expect(bare.out.contains("Usage: agekit COMMAND") && bare.out.contains("completion"), "\(bare.out)")
    }

    @Test("the bash completion script parses and completes commands, subcommands and their options")
    func bashCompletion() throws {
        let script = try AgekitBinary.run(["completion", "bash"])
        #expect(script.status == 0)
        let file = TestScratch.root.appendingPathComponent("agekit-\(UUID().uuidString).bash")
        try script.out.write(to: file, atomically: true, encoding: .utf8)
        #expect(try Self.shell("bash", ["-n", file.path]).status == 0)
        let probe = """
            source '\(file.path)'
            complete_words() { COMP_WORDS=("$@"); COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 )); COMPREPLY=(); _agekit; echo "${COMPREPLY[*]}"; }
            complete_words agekit eve
            complete_words agekit events st
            complete_words agekit events status --
            complete_words agekit simulate rescind --app-t
            complete_words agekit help simulate resc
            """
        let run = try Self.shell("bash", ["-c", probe])
        #expect(
            run.out.split(separator: "\n", omittingEmptySubsequences: false).prefix(5)
                == ["events", "status", "--json --config --data-dir --store", "--app-transaction-id", "rescind"],
            "\(run.out) \(run.err)")
    }

    /// zsh and fish are checked for syntax where they are installed (CI's Debian image has
    /// neither unless scripts/install-deps adds them); the test says which it skipped.
    @Test("the zsh and fish completion scripts pass their shell's syntax check", arguments: ["zsh", "fish"])
    func otherShells(_ shell: String) throws {
        let script = try AgekitBinary.run(["completion", shell])
        #expect(script.status == 0 && script.out.contains("agekit"))
        guard let path = ["/usr/bin/\(shell)", "/bin/\(shell)"].first(where: FileManager.default.isExecutableFile)
        else {
            print("\(shell) is not installed: its completion script was not syntax-checked")
            return
        }
        let file = TestScratch.root.appendingPathComponent("agekit-\(UUID().uuidString).\(shell)")
        try script.out.write(to: file, atomically: true, encoding: .utf8)
        let check = try Self.shell(path, [shell == "fish" ? "--no-execute" : "-n", file.path])
        #expect(check.status == 0, "\(check.err)")
        guard shell == "fish" else { return }  // fish completes from a script too: try a nested command
        let probe = "source '\(file.path)'; complete -C'agekit events st'; complete -C'agekit help simulate resc'"
        let completed = try Self.shell(path, ["-c", probe])
        #expect(completed.out == "status\nrescind\n", "\(completed.out) \(completed.err)")
    }

    @Test("FAIL is red on a terminal, plain when piped, and plain with NO_COLOR set to anything")
    func colourOnlyOnATerminal() throws {
        let missing = TestScratch.root.appendingPathComponent("missing-\(UUID().uuidString).json").path
        let command = "'\(AgekitBinary.url.path)' check --listen 127.0.0.1:0 --config '\(missing)'"
        let red = "\u{1B}[31mFAIL\u{1B}[0m"
        // script(1) gives the command a pseudo-terminal, as a person's shell would.
        let terminal = try Self.shell("/usr/bin/script", ["-qec", command, "/dev/null"])
        #expect(terminal.out.contains(red), "\(terminal.out)")
        let noColour = try Self.shell("/usr/bin/script", ["-qec", command, "/dev/null"], environment: ["NO_COLOR": ""])
        #expect(noColour.out.contains("FAIL") && !noColour.out.contains("\u{1B}["), "\(noColour.out)")
        let piped = try AgekitBinary.run(["check", "--listen", "127.0.0.1:0", "--config", missing])
        #expect(piped.out.contains("FAIL") && !piped.out.contains("\u{1B}["), "\(piped.out)")
    }

    static func shell(
        _ executable: String, _ arguments: [String], environment: [String: String] = [:]
    ) throws -> (status: Int32, out: String, err: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable.hasPrefix("/") ? executable : "/usr/bin/\(executable)")
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.filter { $0.key != "NO_COLOR" }
            .merging(environment) { $1 }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let outData = out.fileHandleForReading.readAllRetryingInterrupts()
        let errData = err.fileHandleForReading.readAllRetryingInterrupts()
        process.waitUntilExit()
        return (
            process.terminationStatus, String(decoding: outData, as: UTF8.self),
            String(decoding: errData, as: UTF8.self)
        )
    }
}
