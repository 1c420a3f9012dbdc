import AgeKitScenarios
import AgeKitSimulator
import Foundation
import ServerTime
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
    /// Each axis narrowed by a flag, and the scenario options of age, launch and changes that
    /// are not axes.
    var selection = ExploreSelection()

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
            try Self.list(parsed, "fail-on") { text throws(ScenarioError) in
                guard let line = ExploreComparison.Line(rawValue: text) else {
                    throw ScenarioError(code: "unknown_value", reason: "'\(text)' is not a line (\(lines))")
                }
                return line
            } ?? [])
        if failOn.contains(.newlyBlocked) && baselinePath == nil {
            throw .usage("--fail-on: newlyBlocked compares with a run before: give --baseline")
        }
        try parseScenario(parsed)
        selection.persons = try Self.list(parsed, "persona", ExploreAxes.person(named:))
        if let text = parsed.value("age") {
            guard let age = Int(text), (0...130).contains(age) else {
                throw .usage("--age: '\(text)' is not an age from 0 to 130")
            }
            selection.persons = (selection.persons ?? []) + [ExplorePerson(age: age)]
        }
        selection.answers = try Self.list(parsed, "answer", ExploreAxes.answer(named:))
        if parsed.flag("declines") { selection.answers = [.declined] }
        selection.platforms = try Self.list(parsed, "platform", ExploreAxes.platform(named:))
        selection.versions = try Self.list(parsed, "os", ExploreAxes.version(named:))
        selection.regions = try Self.list(parsed, "region", ExploreAxes.region(named:))
        selection.dates = try Self.list(parsed, "date") { text throws(ScenarioError) in
            do throws(ScenarioError) {
                return text == "today" ? CalendarDay(SystemClock().date()) : try ExploreAxes.date(named: text)
            } catch {
                throw ScenarioError(code: error.code, reason: "\(error.reason) or 'today'")
            }
        }
    }

    /// The scenario options every command shares, with their meaning there: `--age` and
    /// `--declines` narrow the person and answer axes, the others apply to every cell.
    private mutating func parseScenario(_ parsed: Arguments) throws(CLIError) {
        selection.scenario.declaration = try parsed.value("declaration").map { text throws(CLIError) in
            try ScenarioOptions.declaration(text)
        }
        selection.scenario.accountCreated = try ScenarioOptions.day(parsed, "account-created")
        selection.scenario.lastAsked = try ScenarioOptions.day(parsed, "last-asked")
        selection.scenario.communicationLimits = parsed.flag("communication-limits")
        selection.scenario.faults = try ScenarioOptions.faults(parsed.values("fault"))
        selection.scenario.saved = try ScenarioOptions.saved(parsed)
    }

    /// The values of a repeatable, comma-separated option, in order and without repeats; nil
    /// when the option is absent.
    private static func list<T: Equatable>(
        _ parsed: Arguments, _ name: String, _ parse: (String) throws(ScenarioError) -> T
    ) throws(CLIError) -> [T]? {
        let texts = parsed.values(name).flatMap { $0.split(separator: ",").map(String.init) }
        guard !parsed.values(name).isEmpty else { return nil }
        guard !texts.isEmpty else { throw .usage("--\(name) needs at least one value") }
        var values: [T] = []
        for text in texts {
            do throws(ScenarioError) {
                let value = try parse(text.trimmingCharacters(in: .whitespaces))
                if !values.contains(value) { values.append(value) }
            } catch {
                throw .usage("--\(name): \(error.reason)")
            }
        }
        return values
    }

    /// What the run takes by default, in words, for the report.
    func defaults(today: CalendarDay) -> [String] {
        var defaults: [String] = []
        // Named as the configuration line names them ("built-in"), with what that is.
        if profilePath == nil { defaults.append("profile: built-in (the example profile)") }
        if ownerPath == nil { defaults.append("owner: built-in (the default owner settings)") }
        if catalogPath == nil {
            defaults.append("catalog: built-in (the example catalog, the changes of docs/examples/changes.json)")
        }
        return defaults + selection.defaults(today: today)
    }

    /// The whole space, narrowed by the flags given.
    func axes(_ configuration: ExploreConfiguration, today: CalendarDay) -> ExploreAxes {
        selection.axes(configuration, today: today)
    }
}
