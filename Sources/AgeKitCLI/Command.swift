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
    /// Runs with the arguments after the command name. Returns the exit code.
    static func run(_ arguments: [String], _ console: Console) async throws(CLIError) -> Int32
}
