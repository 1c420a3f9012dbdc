extension ExploreReport {
    /// The summary `agekit explore` prints: the defaults taken, the figures, the violations per
    /// rule and, after a baseline, the changes per line.
    public var text: String {
        var lines = (defaults ?? []).isEmpty ? [] : ["Defaults: \(defaults!.joined(separator: "; "))"]
        if let scenario { lines.append("Every cell: \(scenario.joined(separator: "; "))") }
        lines += [
            "Cells:                \(summary.cells)",
            "Ask the system:       \(summary.asks) (\(summary.asksAtLaunch) at launch)",
            "Stop the launch:      \(summary.stopsLaunch)",
            "Leave a change blocked: \(summary.blocks)",
            "Minor reaches tracking prompt: \(summary.minorTracking)",
            "Minor reaches 18+ feature:     \(summary.minorAdultFeature)",
            "Invariant violations: \(summary.violatingCells) cells",
        ]
        for rule in ExploreInvariants.Rule.allCases {
            lines.append("  \(rule.rawValue): \(summary.violations[rule.rawValue] ?? 0)")
        }
        if let comparison {
            lines.append(
                "Changed since \(comparison.baseline): \(comparison.changed.count) cells"
                    + " (\(comparison.added) new, \(comparison.removed) gone)")
            for line in ExploreComparison.Line.allCases {
                lines.append("  \(line.rawValue): \(comparison.crossings[line.rawValue] ?? 0)")
            }
        }
        return lines.joined(separator: "\n")
    }

    /// How many cells cross any of `lines`: the changed cells after a baseline comparison,
    /// every cell without one (`newlyBlocked` needs a baseline).
    public func count(crossing lines: Set<ExploreComparison.Line>) -> Int {
        if let comparison { return comparison.count(crossing: lines) }
        return cells.filter { cell in
            (lines.contains(.minorTracking) && cell.minorTracking)
                || (lines.contains(.minorAdultFeature) && cell.minorAdultFeature)
                || (lines.contains(.newViolation) && !cell.violations.isEmpty)
        }.count
    }

    /// The report as one self-contained HTML page.
    public var html: String { ExploreHTML(self).render() }
}
