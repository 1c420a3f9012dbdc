import AgeKitScenarios
import AgeKitSimulator
import SignificantChanges

/// The options of `agekit changes`; every bad value names its option.
extension ChangesScenario {
    init(_ parsed: Arguments) throws(CLIError) {
        if let extra = parsed.positionals.first { throw .usage("unexpected argument '\(extra)'") }
        _ = try parsed.required("catalog")
        self.init(scenario: try ScenarioOptions.parse(parsed))
        if let text = parsed.value("original-version") {
            // A value that does not parse exempts nothing, and the report says so.
            do throws(SignificantChangesError) {
                originalVersion = try AppVersion(parsing: text)
            } catch {
                originalVersionNote = "original version '\(text)' cannot be compared: nothing is exempt"
            }
        }
        guard let answer = Answer(rawValue: parsed.value("answer") ?? "shared") else {
            throw .usage("--answer: '\(parsed.value("answer") ?? "")' is not shared, declined or unavailable")
        }
        self.answer = parsed.flag("declines") && answer == .shared ? .declined : answer
        switch answer {
        case .shared: break
        case .declined: scenario.declines(option: "--answer declined")
        case .unavailable: scenario.faults.request = .error(.notAvailable)
        }
        for option in ["saved", "last-asked"] where parsed.value(option) != nil {
            scenario.notHonoured.append(
                "--\(option): the change flow keeps no age answer and asks no age range at launch")
        }
        if let text = parsed.value("rating-codes") {
            do throws(SimulatorError) {
                ratingCodes = try RatingCodeSequence(parsing: text).codes
            } catch {
                throw .usage("--rating-codes: \(error.reason)")
            }
        }
        guardianName = parsed.value("guardian")
        guardian = try guardianName.map { name throws(CLIError) in try ScenarioOptions.guardian(name) }
        settings = try RoutingOptions.parse(parsed, into: RoutingSettings())
        timeoutHours =
            try parsed.value("timeout-hours", as: "a positive number of hours") { text in
                Double(text).flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
            } ?? timeoutHours
    }
}
