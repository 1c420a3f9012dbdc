/// Everything one sweep found: each distinct outcome of each subsystem once, every cell
/// pointing at its three, the verdicts, the summary, and the comparison with a baseline.
/// The JSON form is this value (see ExploreReport+JSON.swift); the HTML is drawn from it.
struct ExploreReport: Hashable, Sendable, Codable {
    /// Raised whenever a field changes meaning or goes away; a baseline of another version is
    /// refused, never half-compared.
    static let currentFormatVersion = 1

    struct Cell: Hashable, Sendable, Codable {
        var key: ExploreCell.Key
        /// Indexes into ``ExploreReport/ageOutcomes``, ``launchOutcomes`` and ``changesOutcomes``.
        var age: Int
        var launch: Int
        var changes: Int
        var violations: [ExploreInvariants.Violation]
        var minorTracking: Bool
        var minorAdultFeature: Bool
        var tracksUnderThresholdByAge: Bool
    }

    struct Summary: Hashable, Sendable, Codable {
        var cells = 0
        /// The gate asks the system (at launch or on first use of a gated feature).
        var asks = 0
        var asksAtLaunch = 0
        /// Something stays blocked when the significant-change simulation ends.
        var blocks = 0
        /// The launch stops at the age step.
        var stopsLaunch = 0
        var minorTracking = 0
        var minorAdultFeature = 0
        var tracksUnderThresholdByAge = 0
        var violatingCells = 0
        /// Violations per invariant, every rule listed (zero included).
        var violations: [String: Int] = [:]
    }

    struct Axes: Hashable, Sendable, Codable {
        var persons: [String]
        var answers: [String]
        var platforms: [String]
        var versions: [String]
        var regions: [String]
        var dates: [String]
    }

    var formatVersion = currentFormatVersion
    var tool = "agekit explore"
    /// Where the profile, owner settings and catalog came from.
    var configuration: [String: String]
    var threshold: Int
    var axes: Axes
    var summary: Summary
    var ageOutcomes: [AgeCellOutcome]
    var launchOutcomes: [LaunchCellOutcome]
    var changesOutcomes: [ChangesCellOutcome]
    var cells: [Cell]
    var comparison: ExploreComparison?
    /// The axes and configuration parts the run took by default, in words (absent in reports
    /// written before it was kept).
    var defaults: [String]?
    /// The scenario options applied to every cell (declaration, faults, saved answer, ...).
    var scenario: [String]?

    /// The three outcomes of a cell.
    func outcomes(of cell: Cell) -> CellOutcomes {
        CellOutcomes(
            age: ageOutcomes[cell.age], launch: launchOutcomes[cell.launch], changes: changesOutcomes[cell.changes])
    }

    static func summarize(
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
