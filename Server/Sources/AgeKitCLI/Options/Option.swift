/// One option of a command, declared once: ``Arguments`` parses what the declarations name and
/// ``OptionTable`` writes the help from the same values, so the two cannot drift apart.
package struct Option: Sendable, Hashable {
    /// The name without `--`.
    package let name: String
    /// The value's placeholder in the help (`FILE`); nil for a flag, which takes no value.
    package let value: String?
    /// The help text, a line each; the lines after the first are aligned under it.
    package let help: [String]

    /// An option that takes a value.
    package static func valued(_ name: String, _ value: String, _ help: String...) -> Option {
        Option(name: name, value: value, help: help)
    }

    /// An option that takes none.
    package static func flag(_ name: String, _ help: String...) -> Option {
        Option(name: name, value: nil, help: help)
    }

    /// How the help names it: `--name VALUE`.
    var label: String { "--\(name)" + (value.map { " \($0)" } ?? "") }
}
