import AgeKitSimulator
import AgeSignals
import Foundation
import SignificantChanges

/// One significant-change simulation: the computation behind `agekit changes`, and the one
/// `agekit explore` runs for every cell, so the two can never disagree.
package struct ChangesRun: Sendable {
    /// When `agekit changes` starts its simulated time: 2026-06-18 09:00 UTC.
    package static let defaultStart = Date(timeIntervalSince1970: 1_781_773_200)

    package var catalog: ChangeCatalog
    /// What the simulated system told the app about the person.
    package var answer: ConsentScenario.PersonaAnswer
    package var capabilities: PlatformCapabilities
    package var settings: RoutingSettings
    package var originalVersion: AppVersion?
    package var ratingCodes: [Int?] = []
    /// The guardian's behaviour; nil takes the one the person's answer implies.
    package var guardian: GuardianBehavior?
    package var timeoutHours: Double = GuardianRequest.defaultTimeout / 3600
    package var start: Date = ChangesRun.defaultStart

    package init(
        catalog: ChangeCatalog, answer: ConsentScenario.PersonaAnswer, capabilities: PlatformCapabilities,
        settings: RoutingSettings, originalVersion: AppVersion? = nil, ratingCodes: [Int?] = [],
        guardian: GuardianBehavior? = nil, timeoutHours: Double = GuardianRequest.defaultTimeout / 3600,
        start: Date = ChangesRun.defaultStart
    ) {
        self.catalog = catalog
        self.answer = answer
        self.capabilities = capabilities
        self.settings = settings
        self.originalVersion = originalVersion
        self.ratingCodes = ratingCodes
        self.guardian = guardian
        self.timeoutHours = timeoutHours
        self.start = start
    }

    /// Runs the lifecycle until no launch, answer or timeout is left.
    package func run() async -> ConsentSimulation.Result {
        let scenario = ConsentScenario(
            catalog: catalog, originalVersion: originalVersion, subject: answer.subject, features: answer.features,
            capabilities: capabilities, settings: settings, ratingCodes: ratingCodes,
            guardian: guardian ?? answer.guardian, requestTimeout: timeoutHours * 3600, start: start)
        return await ConsentSimulation(scenario).run()
    }
}
