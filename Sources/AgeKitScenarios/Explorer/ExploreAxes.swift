import AgeKitSimulator
import AgeSignals

/// Every value of every axis the explorer sweeps. The defaults cover the whole space; flags
/// narrow an axis to the values they name.
public struct ExploreAxes: Hashable, Sendable {
    /// The people swept: sandbox personas and custom ages.
    public var persons: [ExplorePerson]
    /// How each person answers when the app asks.
    public var answers: [ExploreAnswer]
    /// The devices' platforms.
    public var platforms: [Platform]
    /// The OS versions, each run on every platform.
    public var versions: [OSVersion]
    /// The regions of the person's account.
    public var regions: [Region]
    /// The days simulated.
    public var dates: [CalendarDay]
    /// The scenario options that are not axes, the same for every cell.
    package var scenario = ExploreScenario()

    /// A space of the values given; ``full(configuration:catalog:today:)`` is the whole one.
    public init(
        persons: [ExplorePerson], answers: [ExploreAnswer] = ExploreAnswer.allCases,
        platforms: [Platform] = Platform.allCases, versions: [OSVersion] = knownVersions, regions: [Region],
        dates: [CalendarDay]
    ) {
        self.persons = persons
        self.answers = answers
        self.platforms = platforms
        self.versions = versions
        self.regions = regions
        self.dates = dates
    }

    /// The day the commands simulate without `--date` (2026-11-30): fixed, never the wall clock.
    public static let defaultDate = ScenarioOptions.defaultDate

    /// The OS versions the capabilities know: every release from 26.0 to 27.0.
    public static let knownVersions: [OSVersion] = [
        OSVersion(26, 0), OSVersion(26, 1), OSVersion(26, 2), OSVersion(26, 3), OSVersion(26, 4), OSVersion(26, 5),
        OSVersion(27, 0),
    ]

    /// The whole space for a configuration on `today`: the six personas, one custom age at the
    /// start of every band the regions, the app's gates and the launch threshold use (and one
    /// below the lowest), all answers, platforms and known OS versions, every catalog region,
    /// and today plus each day a region's rule starts.
    public static func full(
        configuration: ExploreConfiguration, catalog: RegionCatalog = .standard, today: CalendarDay = defaultDate
    ) -> ExploreAxes {
        var bands = Set(configuration.profile.gates.values)
        bands.insert(configuration.settings.threshold)
        for region in catalog.regions { bands.formUnion(region.lawBands ?? []) }
        let edges = bands.sorted()
        let ages = ([max(0, (edges.first ?? 13) - 1)] + edges)
        var persons = SandboxPersona.all.map(ExplorePerson.init(persona:))
        for age in ages where !persons.contains(where: { $0.name == "age-\(age)" }) {
            persons.append(ExplorePerson(age: age))
        }
        var dates: Set<CalendarDay> = [today]
        for region in catalog.regions { if let day = region.inEffectFrom { dates.insert(day) } }
        return ExploreAxes(
            persons: persons, answers: ExploreAnswer.allCases, platforms: Platform.allCases,
            versions: knownVersions, regions: catalog.regions, dates: dates.sorted())
    }

    /// How many cells the sweep runs: the product of the axes' sizes.
    public var cellCount: Int {
        persons.count * answers.count * platforms.count * versions.count * regions.count * dates.count
    }
}
