/// The words each position of an `agekit` command line can take, and the scripts that offer
/// them in bash, zsh and fish: the command (word 1), its subcommand (word 2, when it has
/// any), then the options of the command or of its subcommand. Option values complete as files.
struct CompletionScript {
    struct Entry {
        var command: String
        /// Empty when the command has no subcommands.
        var subcommands: [String]
        /// The options after `command` (key ""), or after `command subcommand`.
        var options: [String: [Option]]

        func words(_ subcommand: String) -> String {
            (options[subcommand] ?? []).map { "--" + $0.name }.joined(separator: " ")
        }
    }

    let entries: [Entry]

    init(commands: [any Command.Type]) {
        entries = commands.map { command in
            var options: [String: [Option]] = ["": command.subcommands.isEmpty ? command.options : []]
            for subcommand in command.subcommands { options[subcommand.name] = command.options(of: subcommand) }
            return Entry(command: command.name, subcommands: command.subcommands.map(\.name), options: options)
        }
    }

    var commands: String { entries.map(\.command).joined(separator: " ") }

    var bash: String {
        func subcommandCases(indent: String) -> String {
            entries.filter { !$0.subcommands.isEmpty }
                .map { "\(indent)\($0.command)) words=\"\($0.subcommands.joined(separator: " "))\" ;;" }
                .joined(separator: "\n")
        }
        let optionCases = entries.map { entry in
            guard !entry.subcommands.isEmpty else {
                return "            \(entry.command)) words=\"\(entry.words(""))\" ;;"
            }
            let inner = entry.subcommands.map { "                    \($0)) words=\"\(entry.words($0))\" ;;" }
            return "            \(entry.command))\n                case \"${COMP_WORDS[2]}\" in\n"
                + inner.joined(separator: "\n") + "\n                esac ;;"
        }
        return """
            # bash completion for agekit: source <(agekit completion bash)
            _agekit() {
                local current="${COMP_WORDS[COMP_CWORD]}" words="" command="${COMP_WORDS[1]}"
                if [ "$COMP_CWORD" -eq 1 ]; then
                    words="\(commands) help --help --version"
                elif [ "$command" = help ]; then
                    [ "$COMP_CWORD" -eq 2 ] && words="\(commands)"
                    [ "$COMP_CWORD" -eq 3 ] && case "${COMP_WORDS[2]}" in
            \(subcommandCases(indent: "            "))
                    esac
                elif [ "$COMP_CWORD" -eq 2 ] && [ "${current#-}" = "$current" ]; then
                    case "$command" in
            \(subcommandCases(indent: "            "))
                    esac
                fi
                if [ -z "$words" ] && [ "${current#-}" != "$current" ]; then
                    case "$command" in
            \(optionCases.joined(separator: "\n"))
                    esac
                fi
                if [ -n "$words" ]; then
                    COMPREPLY=($(compgen -W "$words" -- "$current"))
                else
                    COMPREPLY=($(compgen -f -- "$current"))
                fi
            }
            complete -F _agekit agekit
            """
    }

    var zsh: String {
        func subcommandCases(_ indent: String) -> String {
            entries.filter { !$0.subcommands.isEmpty }
                .map { "\(indent)\($0.command)) candidates=(\($0.subcommands.joined(separator: " "))) ;;" }
                .joined(separator: "\n")
        }
        let optionCases = entries.map { entry in
            guard !entry.subcommands.isEmpty else {
                return "      \(entry.command)) candidates=(\(entry.words(""))) ;;"
            }
            let inner = entry.subcommands.map { "          \($0)) candidates=(\(entry.words($0))) ;;" }
            return "      \(entry.command))\n        case $words[3] in\n" + inner.joined(separator: "\n")
                + "\n        esac ;;"
        }
        return """
            #compdef agekit
            # zsh completion for agekit: source <(agekit completion zsh), after compinit
            _agekit() {
              local -a candidates
              if (( CURRENT == 2 )); then
                candidates=(\(commands) help --help --version)
              elif [[ $words[2] == help ]]; then
                if (( CURRENT == 3 )); then candidates=(\(commands)); fi
                if (( CURRENT == 4 )); then case $words[3] in
            \(subcommandCases("      "))
                esac; fi
              elif (( CURRENT == 3 )) && [[ $words[CURRENT] != -* ]]; then
                case $words[2] in
            \(subcommandCases("      "))
                esac
              fi
              if (( ${#candidates} == 0 )) && [[ $words[CURRENT] == -* ]]; then
                case $words[2] in
            \(optionCases.joined(separator: "\n"))
                esac
              fi
              if (( ${#candidates} )); then compadd -a candidates; else _files; fi
            }
            if [[ $funcstack[1] == _agekit ]]; then _agekit "$@"; else compdef _agekit agekit; fi
            """
    }

    /// A `complete` line per word, conditioned on the words already typed; options that take a
    /// value complete it as a file.
    var fish: String {
        var lines = [
            "# fish completion for agekit: agekit completion fish > ~/.config/fish/completions/agekit.fish",
            "complete -c agekit -f",
            "complete -c agekit -n __fish_use_subcommand -a '\(commands) help'",
            // After `help`, a command only as the second word; its subcommands come from its own lines.
            "complete -c agekit -n '__fish_seen_subcommand_from help; and test (count (commandline -opc)) -eq 2'"
                + " -a '\(commands)'",
        ]
        func line(_ condition: String, _ option: Option) -> String {
            "complete -c agekit -n '\(condition)' -l \(option.name)" + (option.value == nil ? "" : " -r -F")
        }
        for entry in entries {
            let inCommand = "__fish_seen_subcommand_from \(entry.command)"
            if entry.subcommands.isEmpty {
                lines += (entry.options[""] ?? []).map { line(inCommand, $0) }
                continue
            }
            let names = entry.subcommands.joined(separator: " ")
            let noSubcommand = "\(inCommand); and not __fish_seen_subcommand_from \(names)"
            lines.append("complete -c agekit -n '\(noSubcommand)' -a '\(names)'")
            for subcommand in entry.subcommands {
                let condition = "\(inCommand); and __fish_seen_subcommand_from \(subcommand)"
                lines += (entry.options[subcommand] ?? []).map { line(condition, $0) }
            }
        }
        return lines.joined(separator: "\n")
    }
}
