import AgeKitScenarios
import AgeKitSimulator
import AgeSignals
import Foundation
import PrivacyLaunch
import SignificantChanges

/// The parsed options of `agekit explore`; every bad value names its option and the reason.
struct ExploreOptions {
    var profilePath: String?
    var ownerPath: String?
    var catalogPath: String?
    var routing = RoutingSettings.standard
    var htmlPath: String?
    var jsonPath: String?
    var baselinePath: String?
    var failOn: Set<ExploreComparison.Line> = []
    /// Each axis narrowed by a flag; nil keeps the whole axis.
    var persons: [ExplorePerson]?
    var answers: [ExploreAnswer]?
    var platforms: [Platform]?
    var versions: [OSVersion]?
    var regions: [Region]?
    var dates: [CalendarDay]?
    /// The scenario options of age, launch and changes that are not axes.
    var scenario = ExploreScenario()

    init(_ arguments: [String], today: CalendarDay) throws(CLIError) {
        let parsed = try Arguments(arguments, ExploreCommand.options)
        if let extra = parsed.positionals.first { throw .usage("unexpected argument '\(extra)'") }
        profilePath = parsed.value("profile")
        ownerPath = parsed.value("owner")
        catalogPath = parsed.value("catalog")
        htmlPath = parsed.value("html")
        jsonPath = parsed.value("json")
        baselinePath = parsed.value("baseline")
        routing = try RoutingOptions.parse(parsed, into: routing)
        let lines = ExploreComparison.Line.allCases.map(\.rawValue).joined(separator: ", ")
        failOn = Set(
            try Self.list(parsed, "fail-on") { text throws(CLIError) in
                guard let line = ExploreComparison.Line(rawValue: text) else {
                    throw .usage("--fail-on: '\(text)' is not a line (\(lines))")
                }
                return line
            } ?? [])
        if failOn.contains(.newlyBlocked) && baselinePath == nil {
            throw .usage("--fail-on: newlyBlocked compares with a run before: give --baseline")
        }
        try parseScenario(parsed)
        persons = try Self.list(parsed, "persona") { text throws(CLIError) in
            guard let person = ExplorePerson(name: text) else {
                let names = SandboxPersona.all.map(\.name).joined(separator: ", ")
                throw .usage("--persona: '\(text)' is not a persona (\(names)) or age-N (N from 0 to 130)")
            }
            return person
        }
        if let text = parsed.value("age") {
            guard let age = Int(text), (0...130).contains(age) else {
                throw .usage("--age: '\(text)' is not an age from 0 to 130")
            }
            persons = (persons ?? []) + [ExplorePerson(age: age)]
        }
        answers = try Self.list(parsed, "answer") { text throws(CLIError) in
            guard let answer = ExploreAnswer(rawValue: text) else {
                throw .usage("--answer: '\(text)' is not declared, declined or unavailable")
            }
            return answer
        }
        if parsed.flag("declines") { answers = [.declined] }
        platforms = try Self.list(parsed, "platform") { text throws(CLIError) in
            do throws(AgeSignalsError) {
                return try Platform(parsing: text)
            } catch {
                throw .usage("--platform: \(error.reason)")
            }
        }
        versions = try Self.list(parsed, "os") { text throws(CLIError) in
            let known = ExploreAxes.knownVersions
            guard let version = try? OSVersion(parsing: text), known.contains(version) else {
                throw .usage(
                    "--os: '\(text)' is not a version the capabilities know (\(known.map(\.description).joined(separator: ", ")))"
                )
            }
            return version
        }
        regions = try Self.list(parsed, "region") { text throws(CLIError) in
            do throws(SimulatorError) {
                return try RegionCatalog.standard.region(text)
            } catch {
                throw .usage("--region: \(error.reason)")
            }
        }
        dates = try Self.list(parsed, "date") { text throws(CLIError) in
            if text == "today" { return CalendarDay(Date()) }
            guard let day = CalendarDay(parsing: text) else {
                throw .usage("--date: '\(text)' is not a YYYY-MM-DD day or 'today'")
            }
            return day
        }
    }

    /// The scenario options every command shares, with their meaning there: `--age` and
    /// `--declines` narrow the person and answer axes, the others apply to every cell.
    private mutating func parseScenario(_ parsed: Arguments) throws(CLIError) {
        if let text = parsed.value("declaration") {
            let declaration = AgeRangeDeclaration(rawValue: text)
            guard AgeRangeDeclaration.knownCases.contains(declaration) else {
                throw .usage("--declaration: unknown declaration '\(text)'")
            }
            scenario.declaration = declaration
        }
        func day(_ name: String) throws(CLIError) -> CalendarDay? {
            try parsed.value(name, as: "a YYYY-MM-DD day") { CalendarDay(parsing: $0) }
        }
        scenario.accountCreated = try day("account-created")
        scenario.lastAsked = try day("last-asked")
        scenario.communicationLimits = parsed.flag("communication-limits")
        scenario.faults = try ScenarioOptions.faults(parsed.values("fault"))
        scenario.saved =
            try parsed.value("saved", as: "over, under or none") { text -> AgeAnswer?? in
                text == "none" ? .some(nil) : AgeAnswer(rawValue: text).map { .some($0) }
            } ?? nil
    }

    /// The values of a repeatable, comma-separated option, in order and without repeats; nil
    /// when the option is absent.
    private static func list<T: Equatable>(
        _ parsed: Arguments, _ name: String, _ parse: (String) throws(CLIError) -> T
    ) throws(CLIError) -> [T]? {
        let texts = parsed.values(name).flatMap { $0.split(separator: ",").map(String.init) }
        guard !parsed.values(name).isEmpty else { return nil }
        guard !texts.isEmpty else { throw .usage("--\(name) needs at least one value") }
        var values: [T] = []
        for text in texts {
            let value = try parse(text.trimmingCharacters(in: .whitespaces))
            if !values.contains(value) { values.append(value) }
        }
        return values
    }

    /// What the run takes by default, in words, for the report.
    func defaults(today: CalendarDay) -> [String] {
        var defaults: [String] = []
        if profilePath == nil { defaults.append("profile: the built-in example") }
        if ownerPath == nil { defaults.append("owner settings: the defaults") }
        if catalogPath == nil { defaults.append("catalog: docs/examples/changes.json") }
        if persons == nil { defaults.append("persons: the six personas and one age per band") }
        if answers == nil { defaults.append("answers: declared, declined, unavailable") }
        if platforms == nil { defaults.append("platforms: all") }
        if versions == nil { defaults.append("OS versions: all") }
        if regions == nil { defaults.append("regions: all") }
        if dates == nil { defaults.append("dates: \(today) and each day a region's rule starts") }
        return defaults
    }

    /// The whole space, narrowed by the flags given.
    func axes(_ configuration: ExploreConfiguration, today: CalendarDay) -> ExploreAxes {
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
}
