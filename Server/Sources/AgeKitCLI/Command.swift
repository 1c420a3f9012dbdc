import ConsentServer

/// One `agekit` command. Commands are thin: they parse, call a module, print.
package protocol Command: Sendable {
    /// The word after `agekit`.
    static var name: String { get }
    /// One line for `agekit --help`.
    static var summary: String { get }
    /// The full text of `agekit NAME --help`, its options section written from ``options``.
    static var help: String { get }
    /// Every option the command parses, declared once for parsing and for the help.
    static var options: [Option] { get }
    /// The words that may follow the name (`events status`), each with the options it takes;
    /// empty for a command without subcommands.
    static var subcommands: [Subcommand] { get }
    /// Runs with the arguments after the command name. Returns the exit code.
    static func run(_ arguments: [String], _ console: Console) async throws(CLIError) -> Int32
}

extension Command {
    package static var subcommands: [Subcommand] { [] }

    /// The subcommand called `name`, or a usage error naming the nearest one.
    static func subcommand(_ name: String?) throws(CLIError) -> Subcommand {
        let known = subcommands.map(\.name)
        guard let name else { throw .usage("name a subcommand: \(known.joined(separator: ", "))") }
        guard let found = subcommands.first(where: { $0.name == name }) else {
            throw .usage(
                "unknown subcommand '\(name)': use \(known.joined(separator: ", "))"
                    + NearestName.hint(for: name, among: known))
        }
        return found
    }

    /// The declared options a subcommand takes, in the table's order: everything else is refused.
    static func options(of subcommand: Subcommand) -> [Option] {
        options.filter { subcommand.options.contains($0.name) }
    }

    /// `agekit help COMMAND SUBCOMMAND`: the subcommand's usage, summary and options, written
    /// from the same declarations the parser uses.
    static func subcommandHelp(_ subcommand: Subcommand) -> String {
        let taken = options(of: subcommand)
        let usage = (["agekit", name, subcommand.name] + taken.map { "[\($0.label)]" }).joined(separator: " ")
        let table = OptionTable(column: taken.map { $0.label.count + 2 }.max() ?? 0, taken)
        var text = "Usage: \(usage)\n\n\(subcommand.summary)"
        if !taken.isEmpty { text += "\n\nOptions:\n\(table.text)" }
        return text + "\n\nSee 'agekit \(name) --help' for the whole command."
    }
}

/// A word after a command's name, the options it takes named from the command's table.
package struct Subcommand: Sendable {
    package let name: String
    package let summary: String
    package let options: [String]

    package init(_ name: String, _ summary: String, options: [String]) {
        self.name = name
        self.summary = summary
        self.options = options
    }
}
