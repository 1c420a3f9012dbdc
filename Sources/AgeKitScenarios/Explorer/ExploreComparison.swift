/// What changed since a baseline run, for whom: only the cells whose outcome differs, old
/// and new side by side, and which of the caller's lines each change crosses.
public struct ExploreComparison: Hashable, Sendable, Codable {
    /// The lines `--fail-on` can name.
    public enum Line: String, CaseIterable, Sendable, Codable {
        /// A known minor now reaches the tracking prompt.
        case minorTracking
        /// An 18+ feature now opens for someone under 18.
        case minorAdultFeature
        /// Something open before is closed now: a feature, the launch, or a changed scope.
        case newlyBlocked
        /// A cell now breaks an invariant it kept before.
        case newViolation
    }

    package struct Side: Hashable, Sendable, Codable {
        package var age: AgeCellOutcome
        package var launch: LaunchCellOutcome
        package var changes: ChangesCellOutcome
        package var violations: [String]
    }

    /// One cell whose outcome differs from the baseline's.
    public struct Change: Hashable, Sendable, Codable {
        /// Which cell changed, by its axis values.
        public var key: ExploreCell.Key
        /// `age`, `launch`, `changes` or `invariants`: the parts that differ.
        public var parts: [String]
        package var old: Side
        package var new: Side
        /// The lines the change crosses; empty when it crosses none.
        public var crossings: [Line]
    }

    /// The baseline's name, as given to `--baseline`.
    public var baseline: String
    /// The cells whose outcome differs from the baseline's.
    public var changed: [Change]
    /// Cells only in the new run, or only in the baseline (an axis changed).
    public var added: Int
    /// Cells only in the baseline.
    public var removed: Int
    /// How many changes cross each line, keyed by the line's raw value.
    public var crossings: [String: Int]

    package static func compare(
        baseline old: ExploreReport, named name: String, with new: ExploreReport
    ) -> ExploreComparison {
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
    public func count(crossing lines: Set<Line>) -> Int {
        changed.filter { !lines.isDisjoint(with: $0.crossings) }.count
    }

    /// One line per changed cell that crosses any of `lines`, naming the cell, the parts
    /// that differ and the lines crossed: what a test prints when a baseline comparison fails.
    public func differences(crossing lines: Set<Line>) -> [String] {
        changed.filter { !lines.isDisjoint(with: $0.crossings) }.map(\.description)
    }
}

extension ExploreComparison.Change: CustomStringConvertible {
    /// `under13-approved declared, iOS 26.5, US-TX, 2027-01-01: age changed; crosses minorAdultFeature`
    public var description: String {
        let crossed = crossings.isEmpty ? "" : "; crosses \(crossings.map(\.rawValue).joined(separator: ", "))"
        return "\(key.text): \(parts.joined(separator: ", ")) changed\(crossed)"
    }
}

extension ExploreReport {
    /// Compares with an earlier run (`named` as the report shows it) and keeps the result in
    /// ``comparison``, which ``count(crossing:)`` then reads.
    @discardableResult
    public mutating func compare(with baseline: ExploreReport, named name: String) -> ExploreComparison {
        let comparison = ExploreComparison.compare(baseline: baseline, named: name, with: self)
        self.comparison = comparison
        return comparison
    }
}
