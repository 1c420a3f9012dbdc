extension ExploreHTML {
    /// Which cells something covers, axis by axis: what a trail or a group of changes
    /// explains, in a few words rather than a list of thousands of cells.
    package struct Span {
        package var count = 0
        var persons: Set<Int> = []
        var answers: Set<Int> = []
        var platforms: Set<Int> = []
        var versions: Set<Int> = []
        /// Region and date, as `region|date`, in first-seen order.
        var sections: [String] = []
        private var seenSections: Set<String> = []

        mutating func add(_ key: ExploreCell.Key, _ axes: Axes) {
            add(Position(key, axes))
        }

        mutating func add(_ position: Position) {
            count += 1
            persons.insert(position.person)
            answers.insert(position.answer)
            platforms.insert(position.platform)
            versions.insert(position.version)
            if seenSections.insert(position.section).inserted { sections.append(position.section) }
        }
    }

    /// A cell's place on each axis, looked up once for the three spans it counts in.
    package struct Position {
        var person, answer, platform, version: Int
        var section: String

        init(_ key: ExploreCell.Key, _ axes: Axes) {
            person = axes.persons[key.person] ?? -1
            answer = axes.answers[key.answer] ?? -1
            platform = axes.platforms[key.platform] ?? -1
            version = axes.versions[key.os] ?? -1
            section = "\(key.region)|\(key.date)"
        }
    }

    /// Each axis's values by name, to their position.
    package struct Axes {
        var persons: [String: Int]
        var answers: [String: Int]
        var platforms: [String: Int]
        var versions: [String: Int]

        init(_ axes: ExploreReport.Axes) {
            func positions(_ values: [String]) -> [String: Int] {
                Dictionary(values.enumerated().map { ($1, $0) }) { first, _ in first }
            }
            persons = positions(axes.persons)
            answers = positions(axes.answers)
            platforms = positions(axes.platforms)
            versions = positions(axes.versions)
        }
    }

    /// Every outcome's span, by subsystem: `a`, `l` and `c`, indexed like the outcomes.
    package func spans() -> [String: [Span]] {
        let axes = Axes(report.axes)
        var age = Array(repeating: Span(), count: report.ageOutcomes.count)
        var launch = Array(repeating: Span(), count: report.launchOutcomes.count)
        var changes = Array(repeating: Span(), count: report.changesOutcomes.count)
        for cell in report.cells {
            let position = Position(cell.key, axes)
            age[cell.age].add(position)
            launch[cell.launch].add(position)
            changes[cell.changes].add(position)
        }
        return ["a": age, "l": launch, "c": changes]
    }

    /// "Explains 120 cells, among: people a, b; every answer; iOS, macOS; OS 26.4, 27.0; in US-TX on
    /// 2027-01-01, …", each region and date linking to its matrices.
    package func describe(_ span: Span, verb: String) -> String {
        func names(_ set: Set<Int>, _ values: [String], every: String) -> String {
            if set.count == values.count { return every }
            return set.sorted().compactMap { values.indices.contains($0) ? values[$0] : nil }.joined(separator: ", ")
        }
        let axes = report.axes
        // Each axis lists the values some of the cells have: the cells are among them, not
        // every combination of them.
        var out = "\(verb) \(span.count) cell\(span.count == 1 ? "" : "s"), among: "
        out += Self.escape(names(span.persons, axes.persons, every: "every person")) + "; "
        out += Self.escape(names(span.answers, axes.answers, every: "every answer")) + "; "
        out += Self.escape(names(span.platforms, axes.platforms, every: "every platform")) + "; "
        out += "OS " + Self.escape(names(span.versions, axes.versions, every: "every version")) + "; "
        let everywhere = span.sections.count == axes.regions.count * axes.dates.count
        if everywhere { return out + "in every region on every date" }
        let shown = span.sections.prefix(Self.sectionsShown).map { section -> String in
            let parts = section.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
            return "<a href=\"#s-\(Self.escape(parts[0]))-\(parts[1])\">\(Self.escape(parts[0])) on \(parts[1])</a>"
        }
        let more = span.sections.count - shown.count
        return out + "in " + shown.joined(separator: ", ") + (more > 0 ? " and \(more) more region-dates" : "")
    }

    /// At most this many regions and dates are named for one span.
    static let sectionsShown = 8
}
