/// `agekit completion SHELL`: a completion script for bash, zsh or fish, written from the
/// commands' own declarations (names, subcommands, options), so it completes exactly what the
/// parser accepts and cannot fall behind it.
struct CompletionCommand: Command {
    static let name = "completion"
    static let summary = "Print a shell completion script (bash, zsh or fish)."
    static let options: [Option] = []
    static let subcommands = ["bash", "zsh", "fish"].map {
        Subcommand($0, "The completion script for \($0).", options: [])
    }
    static let help = """
        Usage: agekit completion bash|zsh|fish

        Prints a script that completes agekit's commands, subcommands and options in that
        shell, generated from the same declarations the commands parse. Load it with:

          bash  source <(agekit completion bash)
                (or save it as ~/.local/share/bash-completion/completions/agekit)
          zsh   source <(agekit completion zsh)     (after compinit)
                (or save it as _agekit in a folder of $fpath)
          fish  agekit completion fish > ~/.config/fish/completions/agekit.fish
        """

    static func run(_ arguments: [String], _ console: Console) async throws(CLIError) -> Int32 {
        let shell = try subcommand(arguments.first)
        let parsed = try Arguments(Array(arguments.dropFirst()), [])
        if let extra = parsed.positionals.first { throw .usage("unexpected argument '\(extra)'") }
        let script = CompletionScript(commands: AgeKitCLI.commands)
        switch shell.name {
        case "bash": console.out(script.bash)
        case "zsh": console.out(script.zsh)
        default: console.out(script.fish)
        }
        return 0
    }
}
