/// Everything one sweep found: each distinct outcome of each subsystem once, every cell
/// pointing at its three, the verdicts, the summary, and the comparison with a baseline.
/// The JSON form is this value (see ExploreReport+JSON.swift); the HTML is drawn from it.
public struct ExploreReport: Hashable, Sendable, Codable {
    /// Raised whenever a field changes meaning or goes away; a baseline of another version is
    /// refused, never half-compared.
    package static let currentFormatVersion = 1

    /// One cell's result: its key, its violations and the figures it counts toward.
    public struct Cell: Hashable, Sendable, Codable {
        /// Which cell this is, by its axis values.
        public var key: ExploreCell.Key
        /// Indexes into ``ExploreReport/ageOutcomes``, ``launchOutcomes`` and ``changesOutcomes``.
        package var age: Int
        package var launch: Int
        package var changes: Int
        /// The invariants the cell broke; empty when it kept them all.
        public var violations: [ExploreInvariants.Violation]
        /// A known minor, or one in a regulated region, reached the tracking prompt.
        public var minorTracking: Bool
        /// A feature for 18+ opened for someone under 18.
        public var minorAdultFeature: Bool
        /// Under the threshold by age in an unregulated region, shown the tracking prompt on the
        /// system's word that no check is required (information, not a violation).
        public var tracksUnderThresholdByAge: Bool
    }

    /// The figures of the whole sweep, as `agekit explore` prints them.
    public struct Summary: Hashable, Sendable, Codable {
        /// How many cells ran.
        public var cells = 0
        /// The gate asks the system (at launch or on first use of a gated feature).
        public var asks = 0
        /// How many of the asks happen at launch.
        public var asksAtLaunch = 0
        /// Something stays blocked when the significant-change simulation ends.
        public var blocks = 0
        /// The launch stops at the age step.
        public var stopsLaunch = 0
        /// Cells where a known minor, or one in a regulated region, reached the tracking prompt.
        public var minorTracking = 0
        /// Cells where a feature for 18+ opened for someone under 18.
        public var minorAdultFeature = 0
        /// Cells under the threshold by age shown the tracking prompt on the system's word (information).
        public var tracksUnderThresholdByAge = 0
        /// Cells that break at least one invariant.
        public var violatingCells = 0
        /// Violations per invariant, every rule listed (zero included).
        public var violations: [String: Int] = [:]
    }

    package struct Axes: Hashable, Sendable, Codable {
        package var persons: [String]
        package var answers: [String]
        package var platforms: [String]
        package var versions: [String]
        package var regions: [String]
        package var dates: [String]
    }

    package var formatVersion = currentFormatVersion
    package var tool = "agekit explore"
    /// Where the profile, owner settings and catalog came from.
    package var configuration: [String: String]
    package var threshold: Int
    package var axes: Axes
    /// The figures of the whole sweep.
    public var summary: Summary
    package var ageOutcomes: [AgeCellOutcome]
    package var launchOutcomes: [LaunchCellOutcome]
    package var changesOutcomes: [ChangesCellOutcome]
    /// Every cell, with its violations and figures.
    public var cells: [Cell]
    /// Who gets what: each feature's decision by person, answer, region and date (absent in
    /// reports written before it was kept).
    public var featureView: ExploreFeatureView?
    /// What changed since the baseline; nil without one.
    public var comparison: ExploreComparison?
    /// The axes and configuration parts the run took by default, in words (absent in reports
    /// written before it was kept).
    public var defaults: [String]?
    /// The scenario options applied to every cell (declaration, faults, saved answer, ...).
    public var scenario: [String]?
    /// Which of each region's dates the system follows on each date swept (Apple's rollout or
    /// the law's), in words, keyed `REGION DATE` (absent in reports written before it was kept).
    public var regionRules: [String: String]?

    /// The three outcomes of a cell.
    package func outcomes(of cell: Cell) -> CellOutcomes {
        CellOutcomes(
            age: ageOutcomes[cell.age], launch: launchOutcomes[cell.launch], changes: changesOutcomes[cell.changes])
    }

    package static func summarize(
        _ cells: [Cell], ages: [AgeCellOutcome], launches: [LaunchCellOutcome], changes: [ChangesCellOutcome]
    )
        -> Summary
    {
        var summary = Summary()
        for rule in ExploreInvariants.Rule.allCases { summary.violations[rule.rawValue] = 0 }
        for cell in cells {
            summary.cells += 1
            let age = ages[cell.age]
            if age.askedAt != "never" { summary.asks += 1 }
            if age.askedAt == "launch" { summary.asksAtLaunch += 1 }
            if !changes[cell.changes].blocked.isEmpty { summary.blocks += 1 }
            if launches[cell.launch].stopped { summary.stopsLaunch += 1 }
            if cell.minorTracking { summary.minorTracking += 1 }
            if cell.minorAdultFeature { summary.minorAdultFeature += 1 }
            if cell.tracksUnderThresholdByAge { summary.tracksUnderThresholdByAge += 1 }
            if !cell.violations.isEmpty { summary.violatingCells += 1 }
            for violation in cell.violations { summary.violations[violation.rule.rawValue, default: 0] += 1 }
        }
        return summary
    }
}
