import AgeKitSimulator
import AgeSignals
import SignificantChanges

/// One run of `agekit changes`: the shared scenario, what the age request gives, the installed
/// version, the rating codes read at each launch, the guardian and the routing settings.
package struct ChangesScenario: Sendable {
    /// What the age request gives.
    package enum Answer: String, Sendable, CaseIterable {
        /// The person's range.
        case shared
        case declined
        /// No answer (as the fault `request:notAvailable`).
        case unavailable
    }

    package var scenario: ScenarioOptions
    package var answer = Answer.shared
    package var originalVersion: AppVersion?
    /// Why the original version given cannot exempt anything (it does not parse).
    package var originalVersionNote: String?
    package var ratingCodes: [Int?] = []
    /// The guardian given by name; nil takes the one the person's answer implies.
    package var guardianName: String?
    package var guardian: GuardianBehavior?
    package var settings = RoutingSettings()
    package var timeoutHours = GuardianRequest.defaultTimeout / 3600

    package init(scenario: ScenarioOptions) {
        self.scenario = scenario
    }

    /// Runs the lifecycle from 09:00 UTC of the scenario's day until nothing is left to happen.
    package func run(catalog: ChangeCatalog) async -> ChangesReport {
        let start = scenario.today.date.addingTimeInterval(9 * 3600)
        let persona = ConsentScenario.answer(setup: scenario.setup, on: scenario.today)
        let result = await ChangesRun(
            catalog: catalog, answer: persona, capabilities: scenario.capabilities, settings: settings,
            originalVersion: originalVersion, ratingCodes: ratingCodes, guardian: guardian,
            timeoutHours: timeoutHours, start: start
        ).run()
        return ChangesReport(
            scenario: scenario, originalVersion: originalVersion, originalVersionNote: originalVersionNote,
            guardianName: guardianName, ageAnswer: answer.rawValue, answer: persona, result: result)
    }
}
