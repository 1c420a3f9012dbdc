import AgeGating
import AgeKitSimulator
import AgeSignals
import Foundation

/// One run of `agekit age`: a person on a device in a region, and the app's profile.
struct AgeScenario: Sendable {
    var person: SimulatedPerson
    var personaName: String?
    var region: Region
    var capabilities: PlatformCapabilities
    var profile: AppProfile
    var faults: SimulatorFaults
    var today: CalendarDay
    /// The day of the app's last request, when it asked before (`--last-asked`).
    var lastAsked: CalendarDay?
    /// The answer to the app's own "18 or older?" question (`--adult-answer`).
    var adultAnswer: Bool?
    /// How a guardian answers a communication-limits permission request (`--guardian`).
    var guardian: GuardianBehavior
    var guardianName: String

    /// The shared scenario options as parsed (defaults used, options not honoured); nil when
    /// the scenario was built without the command line (the explorer's cells).
    var shared: ScenarioOptions? = nil

    static let valued: Set<String> = ScenarioOptions.valued.union(["gates", "profile", "adult-answer", "guardian"])
    static let flags: Set<String> = ScenarioOptions.flags.union(["json"])

    /// Builds the scenario from the options; every mistake is a usage error naming the option,
    /// an unreadable profile a failure.
    static func parse(_ arguments: Arguments, console: Console) throws(CLIError) -> AgeScenario {
        var shared = try ScenarioOptions(arguments)
        if arguments.value("saved") != nil {
            shared.notHonoured.append("--saved: the gate keeps its own record (tier, source), not an over/under answer")
        }
        var profile = AppProfile.example
        if let path = arguments.value("profile") {
            profile = try loadProfile(path, console: console)
        }
        if let text = arguments.value("gates") {
            do {
                profile.gates = try AgeGates(parsing: text)
            } catch {
                throw .usage("--gates: \(error.reason)")
            }
        }
        var adultAnswer: Bool?
        if let text = arguments.value("adult-answer") {
            guard text == "yes" || text == "no" else { throw .usage("--adult-answer: '\(text)' is not yes or no") }
            adultAnswer = text == "yes"
        }
        let guardianName = arguments.value("guardian") ?? "approve"
        guard let guardian = GuardianBehavior(name: guardianName) else {
            throw .usage(
                "--guardian: '\(guardianName)' is not one of \(GuardianBehavior.names.joined(separator: ", "))")
        }
        return AgeScenario(
            person: shared.person, personaName: shared.personaName, region: shared.region,
            capabilities: shared.capabilities, profile: profile, faults: shared.faults, today: shared.today,
            lastAsked: shared.lastAsked, adultAnswer: adultAnswer, guardian: guardian, guardianName: guardianName,
            shared: shared)
    }

    /// `--fault CALL:FAULT` (repeatable): CALL is request, eligibility or requiredFeatures, FAULT
    /// an error name or `hang`. A bare `--fault ERROR` keeps meaning the request.
    static func parseFaults(_ values: [String]) throws(CLIError) -> SimulatorFaults {
        var faults = SimulatorFaults.none
        let calls = ["request", "eligibility", "requiredFeatures"]
        for text in values {
            let parts = text.split(separator: ":", maxSplits: 1).map(String.init)
            let (call, name) = parts.count == 2 ? (parts[0], parts[1]) : ("request", text)
            guard calls.contains(call) else {
                throw .usage("--fault: unknown call '\(call)' in '\(text)' (\(calls.joined(separator: ", ")))")
            }
            let fault: SimulatorFaults.Fault
            if name == "hang" {
                fault = .hang
            } else {
                let error = AgeRangeServiceError(rawValue: name)
                guard AgeRangeServiceError.knownCases.contains(error) else {
                    let names = AgeRangeServiceError.knownCases.map { $0.rawValue }.joined(separator: ", ")
                    throw .usage("--fault: unknown error '\(name)' (\(names), or hang)")
                }
                fault = .error(error)
            }
            switch call {
            case "eligibility": faults.eligibility = fault
            case "requiredFeatures": faults.regulatoryFeatures = fault
            default: faults.request = fault
            }
        }
        return faults
    }

    static func loadProfile(_ path: String, console: Console) throws(CLIError) -> AppProfile {
        let data: Data
        if path == "-" {
            guard let bytes = console.readInput() else {
                throw .failure(code: "unreadable_profile", message: "cannot read the profile from standard input")
            }
            data = Data(bytes)
        } else {
            do {
                data = try Data(contentsOf: URL(fileURLWithPath: path))
            } catch {
                throw .failure(code: "unreadable_profile", message: "cannot read the profile '\(path)'")
            }
        }
        do {
            return try AppProfile(json: data)
        } catch {
            throw .failure(code: error.code.rawValue, message: "\(path): \(error.reason)")
        }
    }

    var setup: SimulatedAgeSystem.Setup {
        .init(person: person, region: region, capabilities: capabilities, faults: faults)
    }
}
