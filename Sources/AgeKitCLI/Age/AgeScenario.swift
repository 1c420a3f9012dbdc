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

    static let valued: Set<String> = [
        "persona", "age", "declaration", "gates", "os", "platform", "region", "profile", "date", "fault",
        "last-asked", "adult-answer", "guardian", "account-created",
    ]
    static let flags: Set<String> = ["communication-limits", "declines", "json"]

    /// Builds the scenario from the options; every mistake is a usage error naming the option,
    /// an unreadable profile a failure.
    static func parse(_ arguments: Arguments, console: Console) throws(CLIError) -> AgeScenario {
        let today: CalendarDay
        if let text = arguments.value("date") {
            guard let day = CalendarDay(parsing: text) else {
                throw .usage("--date: '\(text)' is not a YYYY-MM-DD day")
            }
            today = day
        } else {
            today = CalendarDay(Date())
        }

        var person: SimulatedPerson
        var personaName: String?
        switch (arguments.value("persona"), arguments.value("age")) {
        case (.some, .some):
            throw .usage("give --persona or --age, not both")
        case (nil, nil):
            throw .usage("give --persona NAME or --age N ('agekit age personas' lists the personas)")
        case (let name?, nil):
            let persona: SandboxPersona
            do {
                persona = try SandboxPersona.persona(name)
            } catch {
                throw .usage("--persona: \(error.reason)")
            }
            person = persona.person(today: today)
            personaName = persona.name
        case (nil, let text?):
            guard let age = Int(text), (0...150).contains(age) else {
                throw .usage("--age: '\(text)' is not an age from 0 to 150")
            }
            person = .aged(age, today: today, declaration: age < 18 ? .guardianDeclared : .selfDeclared)
        }
        if let text = arguments.value("declaration") {
            let declaration = AgeRangeDeclaration(rawValue: text)
            guard AgeRangeDeclaration.knownCases.contains(declaration) else {
                let names = AgeRangeDeclaration.knownCases.map { $0.rawValue }.joined(separator: ", ")
                throw .usage("--declaration: unknown declaration '\(text)' (\(names))")
            }
            person = SimulatedPerson(
                name: person.name, birthDate: person.birthDate, declaration: declaration, declaredOn: person.declaredOn,
                sharing: person.sharing, parentalControls: person.parentalControls,
                significantUpdateApplicable: person.significantUpdateApplicable, guardianAnswer: person.guardianAnswer)
        }
        if arguments.flag("communication-limits") { person.parentalControls.insert(.communicationLimits) }
        if let text = arguments.value("account-created") {
            guard let day = CalendarDay(parsing: text) else {
                throw .usage("--account-created: '\(text)' is not a YYYY-MM-DD day")
            }
            person.accountCreated = day
        }
        if arguments.flag("declines") { person.sharing = .declines }

        let region: Region
        do {
            region = try RegionCatalog.standard.region(arguments.value("region") ?? "default")
        } catch {
            throw .usage("--region: \(error.reason)")
        }
        let os: OSVersion
        let platform: Platform
        do {
            os = try OSVersion(parsing: arguments.value("os") ?? "26.5")
            platform = try Platform(parsing: arguments.value("platform") ?? "iOS")
        } catch {
            throw .usage(error.reason)
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

        let faults = try parseFaults(arguments.values("fault"))
        var lastAsked: CalendarDay?
        if let text = arguments.value("last-asked") {
            guard let day = CalendarDay(parsing: text) else {
                throw .usage("--last-asked: '\(text)' is not a YYYY-MM-DD day")
            }
            lastAsked = day
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
            person: person, personaName: personaName, region: region,
            capabilities: PlatformCapabilities(platform: platform, os: os), profile: profile, faults: faults,
            today: today, lastAsked: lastAsked, adultAnswer: adultAnswer, guardian: guardian, guardianName: guardianName
        )
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
