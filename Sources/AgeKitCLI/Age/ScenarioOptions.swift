import AgeGating
import AgeKitSimulator
import AgeSignals
import Foundation
import PrivacyLaunch

/// The scenario every simulating command shares (`age`, `launch`, `changes`): a person on a
/// device in a region on a day, the faults the system shows, and what the app kept from
/// earlier launches. Parsed once, with one set of defaults, so the same options give the
/// same person the same facts in every command.
struct ScenarioOptions: Sendable {
    /// The day every command simulates without `--date`: fixed, never the wall clock, so a
    /// run can be repeated; printed in the first line of the output.
    static let defaultDate = CalendarDay(2026, 11, 30)!
    static let defaultOS = OSVersion(26, 5)
    static let defaultPlatform = Platform.iOS

    static let valued: Set<String> = [
        "persona", "age", "declaration", "platform", "os", "region", "date", "account-created", "fault", "saved",
        "last-asked",
    ]
    static let flags: Set<String> = ["declines", "communication-limits"]

    /// The options' help lines, the same in every command.
    static let help = """
          --persona NAME          a sandbox persona ('agekit age personas')
          --age N                 a person of age N (0-130; guardian-declared under 18)
          --declaration D         selfDeclared, guardianDeclared, confirmed or a 26.2 method case
          --declines              the person declines to share (said when the region forbids it)
          --communication-limits  a guardian turned communication limits on
          --platform NAME         iOS, iPadOS, macCatalyst, macOS, visionOS, tvOS, watchOS (default iOS)
          --os VERSION            the OS version (default 26.5)
          --region ID             a region ('agekit age regions'; default: default, unregulated)
          --date YYYY-MM-DD       the simulated day (default 2026-11-30, never today)
          --account-created DAY   when the Apple Account was created (default: new); a law for new
                                  accounts only (Texas, Utah, Louisiana) does not cover older ones
          --fault [CALL:]FAULT    a fault in one system call (repeatable): CALL is request (the
                                  default), eligibility or requiredFeatures; FAULT an error
                                  (notAvailable, network, ...) or hang (given up at the 10 s deadline)
          --saved ANSWER          the age answer saved at an earlier launch: over, under or none
          --last-asked DAY        the day the app last asked for the age range (the cadence rule)
        """

    var person: SimulatedPerson
    var personaName: String?
    var region: Region
    var capabilities: PlatformCapabilities
    var today: CalendarDay
    var faults: SimulatorFaults
    var saved: AgeAnswer?
    var lastAsked: CalendarDay?
    /// The defaults the run used, in words (`date 2026-11-30`), for the first line.
    var defaults: [String] = []
    /// Options the scenario cannot honour, each with the reason.
    var notHonoured: [String] = []

    init(_ parsed: Arguments) throws(CLIError) {
        func day(_ name: String) throws(CLIError) -> CalendarDay? {
            try parsed.value(name, as: "a YYYY-MM-DD day") { CalendarDay(parsing: $0) }
        }
        if let date = try day("date") {
            today = date
        } else {
            today = Self.defaultDate
            defaults.append("date \(today)")
        }
        (person, personaName) = try Self.person(parsed, today: today)
        if parsed.flag("communication-limits") { person.parentalControls.insert(.communicationLimits) }
        person.accountCreated = try day("account-created")
        do throws(SimulatorError) {
            region = try RegionCatalog.standard.region(parsed.value("region") ?? Region.unregulated.id)
        } catch {
            throw .usage("--region: \(error.reason)")
        }
        if parsed.value("region") == nil { defaults.append("region default (unregulated)") }
        do throws(AgeSignalsError) {
            let platform = try parsed.value("platform").map(Platform.init(parsing:)) ?? Self.defaultPlatform
            let os = try parsed.value("os").map(OSVersion.init(parsing:)) ?? Self.defaultOS
            capabilities = PlatformCapabilities(platform: platform, os: os)
        } catch {
            throw .usage("--\(error.code == .unknownPlatform ? "platform" : "os"): \(error.reason)")
        }
        if parsed.value("platform") == nil || parsed.value("os") == nil {
            defaults.append("\(capabilities.platform.rawValue) \(capabilities.os)")
        }
        faults = try AgeScenario.parseFaults(parsed.values("fault"))
        saved =
            try parsed.value("saved", as: "over, under or none") { text -> AgeAnswer?? in
                text == "none" ? .some(nil) : AgeAnswer(rawValue: text).map { .some($0) }
            } ?? nil
        lastAsked = try day("last-asked")
        if parsed.flag("declines") { declines(option: "--declines") }
    }

    /// The person asks to decline: said, not swallowed, where the region forbids it.
    mutating func declines(option: String) {
        person.sharing = .declines
        let region = region.applying(to: person)
        if !region.allowsDeclining(on: today) {
            notHonoured.append(
                "\(option): \(region.name) does not let the person decline on \(today): the range is shared anyway")
        }
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
        if let text = parsed.value("declaration") {
            let declaration = AgeRangeDeclaration(rawValue: text)
            guard AgeRangeDeclaration.knownCases.contains(declaration) else {
                let names = AgeRangeDeclaration.knownCases.map { $0.rawValue }.joined(separator: ", ")
                throw .usage("--declaration: unknown declaration '\(text)' (\(names))")
            }
            person.declaration = declaration
        }
        return (person, name)
    }

    /// Who, in words: the persona's name or "a person aged N".
    var personDescription: String {
        personaName ?? "a person aged \(person.systemAge(on: today))"
    }

    var setup: SimulatedAgeSystem.Setup {
        .init(person: person, region: region, capabilities: capabilities, faults: faults)
    }

    /// The cadence record the app kept: launched before, and the day it last asked.
    var cadenceRecord: CadenceRecord {
        guard let lastAsked else { return CadenceRecord() }
        var record = CadenceRecord(hasLaunched: true)
        record.recordRequest(at: lastAsked.date)
        return record
    }

    /// The first line's tail: the defaults that decided the run, and what was not honoured.
    var defaultsNote: String { Self.note(defaults: defaults, notHonoured: notHonoured) }

    static func note(defaults: [String], notHonoured: [String]) -> String {
        var parts: [String] = []
        if !defaults.isEmpty { parts.append("defaults: \(defaults.joined(separator: ", "))") }
        parts += notHonoured.map { "not honoured: \($0)" }
        return parts.isEmpty ? "" : " [\(parts.joined(separator: "; "))]"
    }
}
