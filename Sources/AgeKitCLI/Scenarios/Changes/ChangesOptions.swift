import AgeKitScenarios
import AgeKitSimulator
import AgeSignals
import SignificantChanges

/// What `agekit changes --answer` simulates.
enum AgeAnswerKind: String, CaseIterable {
    case shared, declined, unavailable
}

/// The parsed options of `agekit changes`; every bad value names its option.
struct ChangesOptions {
    var catalogPath: String
    /// The person, device, region, day and faults, as every simulating command reads them.
    var scenario: ScenarioOptions
    var originalVersion: AppVersion?
    /// Why the original version given cannot exempt anything (it does not parse).
    var originalVersionNote: String?
    /// What the age request gives: the persona's shared range, a decline, or no answer.
    var ageAnswer: AgeAnswerKind
    var ratingCodes: [Int?]
    var guardianName: String?
    var guardian: GuardianBehavior?
    var settings: RoutingSettings
    var timeoutHours: Double
    var json: Bool

    var capabilities: PlatformCapabilities { scenario.capabilities }
    var region: Region { scenario.region }

    init(_ arguments: [String]) throws(CLIError) {
        let parsed = try Arguments(arguments, ChangesCommand.options)
        if let extra = parsed.positionals.first { throw .usage("unexpected argument '\(extra)'") }
        catalogPath = try parsed.required("catalog")
        scenario = try ScenarioOptions.parse(parsed)
        if let text = parsed.value("original-version") {
            // A value that does not parse exempts nothing, and the report says so.
            do throws(SignificantChangesError) {
                originalVersion = try AppVersion(parsing: text)
            } catch {
                originalVersionNote = "original version '\(text)' cannot be compared: nothing is exempt"
            }
        }
        guard let answer = AgeAnswerKind(rawValue: parsed.value("answer") ?? "shared") else {
            throw .usage("--answer: '\(parsed.value("answer") ?? "")' is not shared, declined or unavailable")
        }
        ageAnswer = parsed.flag("declines") && answer == .shared ? .declined : answer
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
            do throws(SimulatorConsentError) {
                ratingCodes = try RatingCodeSequence(parsing: text).codes
            } catch {
                throw .usage("--rating-codes: \(error.reason)")
            }
        } else {
            ratingCodes = []
        }
        guardianName = parsed.value("guardian")
        if let name = guardianName {
            guard let behavior = GuardianBehavior(name: name) else {
                throw .usage(
                    "--guardian: '\(name)' is not one of \(GuardianBehavior.names.joined(separator: ", "))")
            }
            guardian = behavior
        }
        settings = try RoutingOptions.parse(parsed, into: RoutingSettings())
        timeoutHours =
            try parsed.value("timeout-hours", as: "a positive number of hours") { text in
                Double(text).flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
            } ?? GuardianRequest.defaultTimeout / 3600
        json = parsed.flag("json")
    }
}
