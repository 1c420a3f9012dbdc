import AgeKitSimulator
import AgeSignals
import Foundation
import SignificantChanges

/// One significant-change simulation: the computation behind `agekit changes`, and the one
/// `agekit explore` runs for every cell, so the two can never disagree.
struct ChangesRun: Sendable {
    /// When `agekit changes` starts its simulated time: 2026-06-18 09:00 UTC.
    static let defaultStart = Date(timeIntervalSince1970: 1_781_773_200)

    var catalog: ChangeCatalog
    /// What the simulated system told the app about the person.
    var answer: ConsentScenario.PersonaAnswer
    var capabilities: PlatformCapabilities
    var settings: RoutingSettings
    var originalVersion: AppVersion?
    var ratingCodes: [Int?] = []
    /// The guardian's behaviour; nil takes the one the person's answer implies.
    var guardian: GuardianBehavior?
    var timeoutHours: Double = GuardianRequest.defaultTimeout / 3600
    var start: Date = ChangesRun.defaultStart

    /// Runs the lifecycle until no launch, answer or timeout is left.
    func run() async -> ConsentSimulation.Result {
        let scenario = ConsentScenario(
            catalog: catalog, originalVersion: originalVersion, subject: answer.subject, features: answer.features,
            capabilities: capabilities, settings: settings, ratingCodes: ratingCodes,
            guardian: guardian ?? answer.guardian, requestTimeout: timeoutHours * 3600, start: start)
        return await ConsentSimulation(scenario).run()
    }
}
