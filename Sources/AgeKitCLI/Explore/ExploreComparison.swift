/// What changed since a baseline run, for whom: only the cells whose outcome differs, old
/// and new side by side, and which of the caller's lines each change crosses.
struct ExploreComparison: Hashable, Sendable, Codable {
    /// The lines `--fail-on` can name.
    enum Line: String, CaseIterable, Sendable, Codable {
        /// A known minor now reaches the tracking prompt.
        case minorTracking
        /// An 18+ feature now opens for someone under 18.
        case minorAdultFeature
        /// Something open before is closed now: a feature, the launch, or a changed scope.
        case newlyBlocked
        /// A cell now breaks an invariant it kept before.
        case newViolation
    }

    struct Side: Hashable, Sendable, Codable {
        var age: AgeCellOutcome
        var launch: LaunchCellOutcome
        var changes: ChangesCellOutcome
        var violations: [String]
    }

    struct Change: Hashable, Sendable, Codable {
        var key: ExploreCell.Key
        /// `age`, `launch`, `changes` or `invariants`: the parts that differ.
        var parts: [String]
        var old: Side
        var new: Side
        var crossings: [Line]
    }

    var baseline: String
    var changed: [Change]
    /// Cells only in the new run, or only in the baseline (an axis changed).
    var added: Int
    var removed: Int
    var crossings: [String: Int]

    static func compare(baseline old: ExploreReport, named name: String, with new: ExploreReport) -> ExploreComparison {
        var oldCells: [ExploreCell.Key: ExploreReport.Cell] = [:]
        for cell in old.cells { oldCells[cell.key] = cell }
        var changed: [Change] = []
        var crossings: [String: Int] = [:]
        for line in Line.allCases { crossings[line.rawValue] = 0 }
        var matched = 0
        for cell in new.cells {
            guard let before = oldCells[cell.key] else { continue }
            matched += 1
            let was = side(old, before)
            let now = side(new, cell)
            var parts: [String] = []
            if was.age != now.age { parts.append("age") }
            if was.launch != now.launch { parts.append("launch") }
            if was.changes != now.changes { parts.append("changes") }
            if was.violations != now.violations { parts.append("invariants") }
            guard !parts.isEmpty else { continue }
            var lines: [Line] = []
            if cell.minorTracking && !before.minorTracking { lines.append(.minorTracking) }
            if cell.minorAdultFeature && !before.minorAdultFeature { lines.append(.minorAdultFeature) }
            if newlyBlocked(was, now) { lines.append(.newlyBlocked) }
            if !Set(now.violations).isSubset(of: was.violations) { lines.append(.newViolation) }
            for line in lines { crossings[line.rawValue, default: 0] += 1 }
            changed.append(Change(key: cell.key, parts: parts, old: was, new: now, crossings: lines))
        }
        return ExploreComparison(
            baseline: name, changed: changed, added: new.cells.count - matched, removed: old.cells.count - matched,
            crossings: crossings)
    }

    private static func side(_ report: ExploreReport, _ cell: ExploreReport.Cell) -> Side {
        let outcomes = report.outcomes(of: cell)
        return Side(
            age: outcomes.age, launch: outcomes.launch, changes: outcomes.changes,
            violations: cell.violations.map(\.rule.rawValue).sorted())
    }

    private static func newlyBlocked(_ was: Side, _ now: Side) -> Bool {
        let openBefore = Set(was.age.features.filter(\.allowed).map(\.name))
        let openNow = Set(now.age.features.filter(\.allowed).map(\.name))
        return !openBefore.isSubset(of: openNow) || (now.launch.stopped && !was.launch.stopped)
            || !Set(now.changes.blocked).isSubset(of: was.changes.blocked)
    }

    /// How many changes cross any of `lines`.
    func count(crossing lines: Set<Line>) -> Int {
        changed.filter { !lines.isDisjoint(with: $0.crossings) }.count
    }
}
