import AgeSignals

/// Runs every cell of the axes through an evaluator, checks the invariants on each, and keeps
/// each distinct outcome once.
public struct ExploreSweep: Sendable {
    package var axes: ExploreAxes
    package var configuration: ExploreConfiguration
    /// Nil runs the simulator (``SimulatorEvaluator``) on the configuration.
    package var evaluator: (any ExploreEvaluator)? = nil
    /// A sweep of every cell of `axes` for `configuration`, on the simulator.
    public init(axes: ExploreAxes, configuration: ExploreConfiguration) {
        self.axes = axes
        self.configuration = configuration
    }

    package init(axes: ExploreAxes, configuration: ExploreConfiguration, evaluator: (any ExploreEvaluator)?) {
        self.axes = axes
        self.configuration = configuration
        self.evaluator = evaluator
    }

    /// Every cell, in axis order: region, date, person, answer, platform, OS.
    package var cells: [ExploreCell] { (0..<axes.cellCount).map(cell(at:)) }

    /// The cell at `index` in axis order (OS fastest, region slowest), built when needed: a
    /// sweep holds one cell at a time, not tens of thousands.
    package func cell(at index: Int) -> ExploreCell {
        var rest = index
        func next<T>(_ values: [T]) -> T {
            defer { rest /= values.count }
            return values[rest % values.count]
        }
        let os = next(axes.versions)
        let platform = next(axes.platforms)
        let answer = next(axes.answers)
        let person = next(axes.persons)
        let day = next(axes.dates)
        let region = next(axes.regions)
        return ExploreCell(
            person: person, answer: answer, capabilities: PlatformCapabilities(platform: platform, os: os),
            region: region, day: day, scenario: axes.scenario)
    }

    /// - Parameter progress: called after each cell with the cells done and the total, so a
    ///   command can report long sweeps (the sweep itself reads no clock).
    public func run(progress: (@Sendable (Int, Int) -> Void)? = nil) async -> ExploreReport {
        let invariants = ExploreInvariants(
            threshold: configuration.settings.threshold, gates: configuration.profile.gates,
            ageProtection: configuration.settings.ageProtection)
        let evaluator = self.evaluator ?? SimulatorEvaluator(configuration)
        let count = axes.cellCount
        // Each outcome is kept once as soon as its cell is done: holding every cell's outcomes
        // until the end made the heap grow to hundreds of megabytes, and the page faults and
        // allocations cost more than a second of a full sweep.
        var ages = OutcomeTable<AgeCellOutcome>()
        var launches = OutcomeTable<LaunchCellOutcome>()
        var changes = OutcomeTable<ChangesCellOutcome>()
        var rows: [ExploreReport.Cell] = []
        rows.reserveCapacity(count)
        for index in 0..<count {
            let cell = cell(at: index)
            let outcomes = await evaluator.evaluate(cell)
            let verdict = invariants.check(cell, outcomes)
            rows.append(
                ExploreReport.Cell(
                    key: cell.key, age: ages.index(outcomes.age), launch: launches.index(outcomes.launch),
                    changes: changes.index(outcomes.changes), violations: verdict.violations,
                    minorTracking: verdict.minorTracking, minorAdultFeature: verdict.minorAdultFeature,
                    tracksUnderThresholdByAge: verdict.tracksUnderThresholdByAge))
            progress?(index + 1, count)
        }
        var report = ExploreReport(
            configuration: configuration.sources, threshold: configuration.settings.threshold,
            axes: ExploreReport.Axes(
                persons: axes.persons.map(\.name), answers: axes.answers.map(\.rawValue),
                platforms: axes.platforms.map(\.rawValue), versions: axes.versions.map(\.description),
                regions: axes.regions.map(\.id), dates: axes.dates.map(\.description)),
            summary: ExploreReport.summarize(
                rows, ages: ages.values, launches: launches.values, changes: changes.values),
            ageOutcomes: ages.values, launchOutcomes: launches.values, changesOutcomes: changes.values, cells: rows)
        report.regionRules = regionRules
        report.featureView = ExploreFeatureView(report)
        return report
    }

    /// Which date each region follows on each day swept; only the account's creation day, the
    /// same in every cell, changes it for a person.
    package var regionRules: [String: String] {
        var rules: [String: String] = [:]
        guard let first = axes.persons.first else { return rules }
        for region in axes.regions {
            for day in axes.dates {
                let person = axes.scenario.apply(to: first.person(today: day, answer: .declared))
                rules["\(region.id) \(day)"] = region.standing(of: person, on: day).text
            }
        }
        return rules
    }
}

/// Distinct values in first-seen order, each with its index.
package struct OutcomeTable<Value: Hashable> {
    private(set) var values: [Value] = []
    private var indexes: [Value: Int] = [:]
    private var last: Int?

    package mutating func index(_ value: Value) -> Int {
        // Neighbouring cells (one OS version apart) mostly agree: comparing with the last
        // value costs less than hashing every string in it.
        if let last, values[last] == value { return last }
        let index = indexes[value] ?? values.count
        if index == values.count {
            values.append(value)
            indexes[value] = index
        }
        last = index
        return index
    }
}
