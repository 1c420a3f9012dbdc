import AgeGating
import AgeKitSimulator
import AgeSignals
import PrivacyLaunch

/// The scenario every simulating command shares (`age`, `launch`, `changes`): a person on a
/// device in a region on a day, the faults the system shows, and what the app kept from
/// earlier launches. The CLI parses it once, with one set of defaults, so the same options
/// give the same person the same facts in every command.
package struct ScenarioOptions: Sendable {
    /// The day every command simulates without `--date`: fixed, never the wall clock, so a
    /// run can be repeated; printed in the first line of the output.
    package static let defaultDate = CalendarDay(2026, 11, 30)!
    package static let defaultOS = OSVersion(26, 5)
    package static let defaultPlatform = Platform.iOS

    package var person: SimulatedPerson
    package var personaName: String?
    package var region: Region
    package var capabilities: PlatformCapabilities
    package var today: CalendarDay
    package var faults: SimulatorFaults
    package var saved: AgeAnswer?
    package var lastAsked: CalendarDay?
    /// The defaults the run used, in words (`date 2026-11-30`), for the first line.
    package var defaults: [String] = []
    /// Options the scenario cannot honour, each with the reason.
    package var notHonoured: [String] = []

    package init(
        person: SimulatedPerson, personaName: String?, region: Region, capabilities: PlatformCapabilities,
        today: CalendarDay, faults: SimulatorFaults, saved: AgeAnswer?, lastAsked: CalendarDay?,
        defaults: [String] = [], notHonoured: [String] = []
    ) {
        self.person = person
        self.personaName = personaName
        self.region = region
        self.capabilities = capabilities
        self.today = today
        self.faults = faults
        self.saved = saved
        self.lastAsked = lastAsked
        self.defaults = defaults
        self.notHonoured = notHonoured
    }

    /// The person asks to decline: said, not swallowed, where the region forbids it.
    package mutating func declines(option: String) {
        person.sharing = .declines
        let region = region.applying(to: person)
        if !region.allowsDeclining(on: today) {
            notHonoured.append(
                "\(option): \(region.name) does not let the person decline on \(today): the range is shared anyway")
        }
    }

    /// Who, in words: the persona's name or "a person aged N".
    package var personDescription: String {
        personaName ?? "a person aged \(person.systemAge(on: today))"
    }

    package var setup: SimulatedAgeSystem.Setup {
        .init(person: person, region: region, capabilities: capabilities, faults: faults)
    }

    /// The cadence record the app kept: launched before, and the day it last asked.
    package var cadenceRecord: CadenceRecord {
        .scenario(lastAsked: lastAsked, region: region, person: person, capabilities: capabilities)
    }

    /// The first line's tail: the defaults that decided the run, and what was not honoured.
    package var defaultsNote: String { Self.note(defaults: defaults, notHonoured: notHonoured) }

    package static func note(defaults: [String], notHonoured: [String]) -> String {
        var parts: [String] = []
        if !defaults.isEmpty { parts.append("defaults: \(defaults.joined(separator: ", "))") }
        parts += notHonoured.map { "not honoured: \($0)" }
        return parts.isEmpty ? "" : " [\(parts.joined(separator: "; "))]"
    }
}
