/// One option of a command, declared once: ``Arguments`` parses what the declarations name and
/// ``OptionTable`` writes the help from the same values, so the two cannot drift apart.
public struct Option: Sendable, Hashable {
    /// The name without `--`.
    public let name: String
    /// The value's placeholder in the help (`FILE`); nil for a flag, which takes no value.
    public let value: String?
    /// The help text, a line each; the lines after the first are aligned under it.
    public let help: [String]

    /// An option that takes a value.
    public static func valued(_ name: String, _ value: String, _ help: String...) -> Option {
        Option(name: name, value: value, help: help)
    }

    /// An option that takes none.
    public static func flag(_ name: String, _ help: String...) -> Option {
        Option(name: name, value: nil, help: help)
    }

    /// How the help names it: `--name VALUE`.
    var label: String { "--\(name)" + (value.map { " \($0)" } ?? "") }
}
