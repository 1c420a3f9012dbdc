import AgeKitScenarios
import AgeKitSimulator
import AgeSignals
import PrivacyLaunch

/// The scenario options of `age`, `launch` and `changes`: declared once, read the same way in
/// each, so the same options give the same person the same facts in every command.
extension ScenarioOptions {
    static let options = OptionTable(
        column: 24,
        [
            .valued("persona", "NAME", "a sandbox persona ('agekit age personas')"),
            .valued("age", "N", "a person of age N (0-130; guardian-declared under 18)"),
            .valued("declaration", "D", "selfDeclared, guardianDeclared, confirmed or a 26.2 method case"),
            .flag("declines", "the person declines to share (said when the region forbids it)"),
            .flag("communication-limits", "a guardian turned communication limits on"),
            .valued(
                "platform", "NAME", "iOS, iPadOS, macCatalyst, macOS, visionOS, tvOS, watchOS (default iOS)"),
            .valued("os", "VERSION", "the OS version (default 26.5)"),
            .valued(
                "region", "ID", "a region ('agekit age regions'; default: default, unregulated); the",
                "output says which date it follows, Apple's rollout or the law's"),
            .valued("date", "YYYY-MM-DD", "the simulated day (default 2026-11-30, never today)"),
            .valued(
                "account-created", "DAY", "when the Apple Account was created (default: new); a rule for new",
                "accounts only (Texas, Utah, Louisiana) does not cover older ones"),
            .valued(
                "fault", "[CALL:]FAULT", "a fault in one system call (repeatable): CALL is request (the",
                "default), eligibility or requiredFeatures; FAULT an error",
                "(notAvailable, network, ...) or hang (given up at the 10 s deadline)"),
            .valued("saved", "ANSWER", "the age answer saved at an earlier launch: over, under or none"),
            .valued("last-asked", "DAY", "the day the app last asked for the age range (the cadence rule)"),
        ])

    /// The declared options named, in the order named.
    static func options(_ names: [String]) -> [Option] {
        names.compactMap { name in options.options.first { $0.name == name } }
    }

    /// Reads the options; every mistake is a usage error naming the option.
    static func parse(_ parsed: Arguments) throws(CLIError) -> ScenarioOptions {
        func day(_ name: String) throws(CLIError) -> CalendarDay? { try Self.day(parsed, name) }
        var defaults: [String] = []
        let today: CalendarDay
        if let date = try day("date") {
            today = date
        } else {
            today = defaultDate
            defaults.append("date \(today)")
        }
        var (person, personaName) = try Self.person(parsed, today: today)
        if parsed.flag("communication-limits") { person.parentalControls.insert(.communicationLimits) }
        person.accountCreated = try day("account-created")
        let region: Region
        do throws(SimulatorError) {
            region = try RegionCatalog.standard.region(parsed.value("region") ?? Region.unregulated.id)
        } catch {
            throw .usage("--region: \(error.reason)")
        }
        if parsed.value("region") == nil { defaults.append("region default (unregulated)") }
        let capabilities: PlatformCapabilities
        do throws(AgeSignalsError) {
            let platform = try parsed.value("platform").map(Platform.init(parsing:)) ?? defaultPlatform
            let os = try parsed.value("os").map(OSVersion.init(parsing:)) ?? defaultOS
            capabilities = PlatformCapabilities(platform: platform, os: os)
        } catch {
            throw .usage("--\(error.code == .unknownPlatform ? "platform" : "os"): \(error.reason)")
        }
        if parsed.value("platform") == nil || parsed.value("os") == nil {
            defaults.append("\(capabilities.platform.rawValue) \(capabilities.os)")
        }
        let faults = try Self.faults(parsed.values("fault"))
        var scenario = ScenarioOptions(
            person: person, personaName: personaName, region: region, capabilities: capabilities, today: today,
            faults: faults, saved: try saved(parsed), lastAsked: try day("last-asked"), defaults: defaults)
        if parsed.flag("declines") { scenario.declines(option: "--declines") }
        return scenario
    }

    private static func person(
        _ parsed: Arguments, today: CalendarDay
    ) throws(CLIError) -> (
        SimulatedPerson, String?
    ) {
        var person: SimulatedPerson
        var name: String?
        switch (parsed.value("persona"), parsed.value("age")) {
        case (.some, .some):
            throw .usage("give --persona or --age, not both")
        case (nil, nil):
            throw .usage("give --persona NAME or --age N ('agekit age personas' lists the personas)")
        case (let text?, nil):
            do throws(SimulatorError) {
                let persona = try SandboxPersona.persona(text)
                person = persona.person(today: today)
                name = persona.name
            } catch {
                throw .usage("--persona: \(error.reason)")
            }
        case (nil, let text?):
            guard let age = Int(text), (0...130).contains(age) else {
                throw .usage("--age: '\(text)' is not an age from 0 to 130")
            }
            person = .aged(age, today: today, declaration: age < 18 ? .guardianDeclared : .selfDeclared)
        }
        if let text = parsed.value("declaration") { person.declaration = try declaration(text) }
        return (person, name)
    }

    /// `--fault [CALL:]FAULT` (repeatable).
    static func faults(_ values: [String]) throws(CLIError) -> SimulatorFaults {
        do throws(ScenarioError) {
            return try faults(parsing: values)
        } catch {
            throw .usage("--fault: \(error.reason)")
        }
    }

    static func declaration(_ text: String) throws(CLIError) -> AgeRangeDeclaration {
        do throws(ScenarioError) {
            return try declaration(named: text)
        } catch {
            throw .usage("--declaration: \(error.reason)")
        }
    }

    /// `--guardian BEHAVIOUR`: how a guardian answers a permission request.
    static func guardian(_ name: String) throws(CLIError) -> GuardianBehavior {
        guard let behavior = GuardianBehavior(name: name) else {
            throw .usage("--guardian: '\(name)' is not one of \(GuardianBehavior.names.joined(separator: ", "))")
        }
        return behavior
    }

    /// A `YYYY-MM-DD` option.
    static func day(_ parsed: Arguments, _ name: String) throws(CLIError) -> CalendarDay? {
        try parsed.value(name, as: "a YYYY-MM-DD day") { CalendarDay(parsing: $0) }
    }

    /// `--saved over|under|none`.
    static func saved(_ parsed: Arguments) throws(CLIError) -> AgeAnswer? {
        try parsed.value("saved", as: "over, under or none") { text -> AgeAnswer?? in
            text == "none" ? .some(nil) : AgeAnswer(rawValue: text).map { .some($0) }
        } ?? nil
    }
}
