import AgeKitSimulator
import AgeSignals

/// Every value of every axis the explorer sweeps. The defaults cover the whole space; flags
/// narrow an axis to the values they name.
struct ExploreAxes: Hashable, Sendable {
    var persons: [ExplorePerson]
    var answers: [ExploreAnswer]
    var platforms: [Platform]
    var versions: [OSVersion]
    var regions: [Region]
    var dates: [CalendarDay]
    /// The scenario options that are not axes, the same for every cell.
    var scenario = ExploreScenario()

    /// The OS versions the capabilities know: every release from 26.0 to 27.0.
    static let knownVersions: [OSVersion] = [
        OSVersion(26, 0), OSVersion(26, 1), OSVersion(26, 2), OSVersion(26, 3), OSVersion(26, 4), OSVersion(26, 5),
        OSVersion(27, 0),
    ]

    /// The whole space for a configuration on `today`: the six personas, one custom age at the
    /// start of every band the regions, the app's gates and the launch threshold use (and one
    /// below the lowest), all answers, platforms and known OS versions, every catalog region,
    /// and today plus each day a region's rule starts.
    static func full(
        configuration: ExploreConfiguration, catalog: RegionCatalog = .standard, today: CalendarDay
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

    var cellCount: Int {
        persons.count * answers.count * platforms.count * versions.count * regions.count * dates.count
    }
}
