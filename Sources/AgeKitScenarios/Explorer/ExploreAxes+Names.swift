import AgeKitSimulator
import AgeSignals

/// The values of each axis by the names `agekit explore` takes (`age-16`, `declined`, `tvOS`,
/// `26.4`, `US-TX`, `2027-01-01`), so a test narrows the space as the command line does. A
/// name that is no value of its axis throws `unknown_value`, with the name and the choices.
extension ExploreAxes {
    /// A persona by its name (`13to15-approved`) or a custom person by `age-N`.
    public static func person(named name: String) throws(ScenarioError) -> ExplorePerson {
        guard let person = ExplorePerson(name: name) else {
            let names = SandboxPersona.all.map(\.name).joined(separator: ", ")
            throw unknown("'\(name)' is not a persona (\(names)) or age-N (N from 0 to 130)")
        }
        return person
    }

    /// An answer by its name: `declared`, `declined` or `unavailable`.
    public static func answer(named name: String) throws(ScenarioError) -> ExploreAnswer {
        guard let answer = ExploreAnswer(rawValue: name) else {
            throw unknown("'\(name)' is not declared, declined or unavailable")
        }
        return answer
    }

    /// A platform by its name, such as `iOS` or `tvOS`.
    public static func platform(named name: String) throws(ScenarioError) -> Platform {
        do throws(AgeSignalsError) {
            return try Platform(parsing: name)
        } catch {
            throw unknown(error.reason)
        }
    }

    /// One of ``knownVersions``.
    public static func version(named name: String) throws(ScenarioError) -> OSVersion {
        guard let version = try? OSVersion(parsing: name), knownVersions.contains(version) else {
            let known = knownVersions.map(\.description).joined(separator: ", ")
            throw unknown("'\(name)' is not a version the capabilities know (\(known))")
        }
        return version
    }

    /// A region of the simulator's catalog.
    public static func region(named name: String) throws(ScenarioError) -> Region {
        do throws(SimulatorError) {
            return try RegionCatalog.standard.region(name)
        } catch {
            throw unknown(error.reason)
        }
    }

    /// A `YYYY-MM-DD` day.
    public static func date(named name: String) throws(ScenarioError) -> CalendarDay {
        guard let day = CalendarDay(parsing: name) else { throw unknown("'\(name)' is not a YYYY-MM-DD day") }
        return day
    }

    private static func unknown(_ reason: String) -> ScenarioError {
        ScenarioError(code: "unknown_value", reason: reason)
    }
}

/// The axes a run narrows (`agekit explore --persona ... --date ...`) and the scenario options
/// every cell shares; nil keeps the whole axis.
package struct ExploreSelection: Sendable {
    package var persons: [ExplorePerson]?
    package var answers: [ExploreAnswer]?
    package var platforms: [Platform]?
    package var versions: [OSVersion]?
    package var regions: [Region]?
    package var dates: [CalendarDay]?
    package var scenario = ExploreScenario()

    package init() {}

    /// The whole space for `configuration` on `today`, narrowed.
    package func axes(_ configuration: ExploreConfiguration, today: CalendarDay) -> ExploreAxes {
        var axes = ExploreAxes.full(configuration: configuration, today: today)
        if let persons { axes.persons = persons }
        if let answers { axes.answers = answers }
        if let platforms { axes.platforms = platforms }
        if let versions { axes.versions = versions }
        if let regions { axes.regions = regions }
        if let dates { axes.dates = dates.sorted() }
        axes.scenario = scenario
        return axes
    }

    /// The axes taken whole, in words, for the report.
    package func defaults(today: CalendarDay) -> [String] {
        var defaults: [String] = []
        if persons == nil { defaults.append("persons: the six personas and one age per band") }
        if answers == nil { defaults.append("answers: declared, declined, unavailable") }
        if platforms == nil { defaults.append("platforms: all") }
        if versions == nil { defaults.append("OS versions: all") }
        if regions == nil { defaults.append("regions: all") }
        if dates == nil { defaults.append("dates: \(today) and each day a region's rule starts") }
        return defaults
    }
}
