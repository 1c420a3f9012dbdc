extension ExploreHTML {
    /// The category of a cell's outcome in one subsystem.
    package func category(_ subsystem: String, _ cell: ExploreReport.Cell) -> String {
        switch subsystem {
        case "age": report.ageOutcomes[cell.age].category
        case "launch": report.launchOutcomes[cell.launch].category
        default: report.changesOutcomes[cell.changes].category
        }
    }

    /// One stacked bar per subsystem: how the cells divide between its outcomes (inline SVG).
    package func bars(_ out: inout String) {
        out += "<h3>Outcomes of all cells</h3>\n"
        let total = max(1, report.cells.count)
        for (subsystem, classes) in Self.categories {
            var counts: [String: Int] = [:]
            for cell in report.cells { counts[category(subsystem, cell), default: 0] += 1 }
            out += "<div class=\"bar\"><b>\(Self.titles[subsystem] ?? subsystem)</b><br>"
            out += "<svg width=\"600\" height=\"18\" role=\"img\" aria-label=\"\(subsystem) outcomes\">"
            var x = 0.0
            for entry in classes {
                let count = counts[entry.name] ?? 0
                guard count > 0 else { continue }
                let width = 600.0 * Double(count) / Double(total)
                out +=
                    "<rect x=\"\(Self.format(x))\" width=\"\(Self.format(width))\" height=\"18\" fill=\"\(entry.colour)\">"
                out += "<title>\(entry.text): \(count)</title></rect>"
                x += width
            }
            out += "</svg><br>"
            for entry in classes {
                let count = counts[entry.name] ?? 0
                guard count > 0 else { continue }
                out += "<span class=\"sw \(entry.name)\"></span>\(entry.text): "
                out += "<span data-outcome=\"\(subsystem).\(entry.name)\">\(count)</span>"
            }
            out += "</div>\n"
        }
    }

    package static let titles = ["age": "Age gate", "launch": "Privacy launch", "changes": "Significant changes"]

    package static func format(_ value: Double) -> String {
        String((value * 10).rounded() / 10)
    }

    package func legend(_ out: inout String) {
        out += "<section id=\"legend\"><h2>How to read the matrices</h2><p>One matrix per subsystem for each region"
        out += " and date; one row per person and answer (identical rows are merged, rows are grouped by outcome),"
        out += " one column per platform and OS version. Every cell links to its decision trail.</p><ul>"
        for (subsystem, _) in Self.categories {
            out += "<li>\(Self.titles[subsystem] ?? subsystem): \(Self.escape(Self.letters[subsystem] ?? ""))</li>"
        }
        out += "</ul></section>\n"
    }

    func comparison(_ comparison: ExploreComparison, _ out: inout String) {
        out += "<section id=\"comparison\"><h2>Changed since \(Self.escape(comparison.baseline))</h2>\n"
        out += "<p><span data-figure=\"changed\">\(comparison.changed.count)</span> cells changed"
        out += " (\(comparison.added) new cells, \(comparison.removed) gone).</p><table class=\"figures\">"
        for line in ExploreComparison.Line.allCases {
            let count = comparison.crossings[line.rawValue] ?? 0
            out += "<tr\(count > 0 ? " class=\"bad\"" : "")><th>crosses <code>\(line.rawValue)</code></th>"
            out += "<td data-crossing=\"\(line.rawValue)\">\(count)</td></tr>"
        }
        out += "</table>\n"
        guard !comparison.changed.isEmpty else {
            out += "</section>\n"
            return
        }
        // One row per change (the same before, the same now), not per cell: an OS release
        // that changes one answer is one row with every cell it touches.
        struct Group {
            var parts: [String]
            var before: String
            var now: String
            var crossings: [String]
            var span = Span()
        }
        let axes = Axes(report.axes)
        var groups: [Group] = []
        var position: [[String]: Int] = [:]
        for change in comparison.changed {
            func side(_ side: ExploreComparison.Side) -> String {
                var parts: [String] = []
                if change.parts.contains("age") { parts.append("age: " + side.age.label) }
                if change.parts.contains("launch") { parts.append("launch: " + side.launch.label) }
                if change.parts.contains("changes") { parts.append("changes: " + side.changes.label) }
                if change.parts.contains("invariants") {
                    parts.append(
                        "invariants: " + (side.violations.isEmpty ? "kept" : side.violations.joined(separator: ",")))
                }
                return parts.map(Self.escape).joined(separator: "<br>")
            }
            let group = Group(
                parts: change.parts, before: side(change.old), now: side(change.new),
                crossings: change.crossings.map(\.rawValue))
            let key = [group.parts.joined(separator: ","), group.before, group.now, group.crossings.joined()]
            let index = position[key] ?? groups.count
            if index == groups.count {
                position[key] = index
                groups.append(group)
            }
            groups[index].span.add(change.key, axes)
        }
        groups.sort { $0.span.count > $1.span.count }
        out += "<p>\(groups.count) distinct changes, the largest first.</p>"
        out += "<table class=\"diff\"><tr><th>cells</th><th>part</th><th>before</th><th>now</th><th>crosses</th></tr>\n"
        for group in groups.prefix(Self.comparisonLimit) {
            out += "<tr data-cells=\"\(group.span.count)\"><td>\(describe(group.span, verb: "Changed in"))</td>"
            out += "<td>\(group.parts.joined(separator: ", "))</td><td>\(group.before)</td><td>\(group.now)</td>"
            out += "<td class=\"cross\">\(group.crossings.joined(separator: ", "))</td></tr>\n"
        }
        out += "</table>\n"
        if groups.count > Self.comparisonLimit {
            out += "<p>… and \(groups.count - Self.comparisonLimit) more changes in the JSON report.</p>\n"
        }
        out += "</section>\n"
    }
}
