/// A section of a command's help: its options, each label padded to one column and its help
/// beside it. A row may name several options on lines of their own (the explorer's scenario
/// options), with one help text under them.
package struct OptionTable: Sendable {
    struct Row: Sendable {
        /// The label lines; each option on a line, separated by commas.
        var lines: [[Option]]
        var help: [String]
    }

    var rows: [Row]
    /// Where the help text starts, counted from the label's first character.
    var column: Int

    init(column: Int, _ options: [Option]) {
        self.column = column
        rows = options.map { Row(lines: [[$0]], help: $0.help) }
    }

    /// Every option the table declares, in order.
    package var options: [Option] { rows.flatMap { $0.lines.flatMap { $0 } } }

    /// Adds a row that names `lines` of options, with one help text.
    func adding(lines: [[Option]], help: String...) -> OptionTable {
        var table = self
        table.rows.append(Row(lines: lines, help: help))
        return table
    }

    /// Adds the rows of another table, aligned at this one's column.
    static func + (lhs: OptionTable, rhs: OptionTable) -> OptionTable {
        var table = lhs
        table.rows += rhs.rows
        return table
    }

    /// The section as the help prints it, each line indented by two spaces.
    package var text: String {
        let indent = "  " + String(repeating: " ", count: column)
        var out: [String] = []
        for row in rows {
            let help = row.help
            if row.lines.count == 1, row.lines[0].count == 1 {
                let label = row.lines[0][0].label
                let pad = String(repeating: " ", count: max(1, column - label.count))
                out.append("  " + label + pad + help[0])
                out += help.dropFirst().map { indent + $0 }
            } else {
                for (index, line) in row.lines.enumerated() {
                    let comma = index < row.lines.count - 1 ? "," : ""
                    out.append("  " + line.map(\.label).joined(separator: ", ") + comma)
                }
                out += help.map { indent + $0 }
            }
        }
        return out.joined(separator: "\n")
    }
}
