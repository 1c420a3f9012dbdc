import AgeGating
import AgeKitSimulator
import AgeSignals

/// One run of `agekit age`: a person on a device in a region, and the app's profile.
package struct AgeScenario: Sendable {
    package var person: SimulatedPerson
    package var personaName: String?
    package var region: Region
    package var capabilities: PlatformCapabilities
    package var profile: AppProfile
    package var faults: SimulatorFaults
    package var today: CalendarDay
    /// The day of the app's last request, when it asked before (`--last-asked`).
    package var lastAsked: CalendarDay?
    /// The answer to the app's own "18 or older?" question (`--adult-answer`).
    package var adultAnswer: Bool?
    /// How a guardian answers a communication-limits permission request (`--guardian`).
    package var guardian: GuardianBehavior
    package var guardianName: String

    /// The shared scenario options as parsed (defaults used, options not honoured); nil when
    /// the scenario was built without the command line (the explorer's cells).
    package var shared: ScenarioOptions? = nil

    package init(
        person: SimulatedPerson, personaName: String?, region: Region, capabilities: PlatformCapabilities,
        profile: AppProfile, faults: SimulatorFaults, today: CalendarDay, lastAsked: CalendarDay?, adultAnswer: Bool?,
        guardian: GuardianBehavior, guardianName: String, shared: ScenarioOptions? = nil
    ) {
        self.person = person
        self.personaName = personaName
        self.region = region
        self.capabilities = capabilities
        self.profile = profile
        self.faults = faults
        self.today = today
        self.lastAsked = lastAsked
        self.adultAnswer = adultAnswer
        self.guardian = guardian
        self.guardianName = guardianName
        self.shared = shared
    }

    package var setup: SimulatedAgeSystem.Setup {
        .init(person: person, region: region, capabilities: capabilities, faults: faults)
    }
}
