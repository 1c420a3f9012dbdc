import AgeKitSimulator
import AgeSignals
import Foundation
import SignificantChanges

/// What decides a cell. The real one runs the simulator exactly as `agekit age`, `agekit
/// launch` and `agekit changes` do; tests put a deliberately wrong one in its place to show
/// that the invariants catch it.
package protocol ExploreEvaluator: Sendable {
    func evaluate(_ cell: ExploreCell) async -> CellOutcomes
}

/// The commands' own computations, one after the other, on the cell's day.
package final class SimulatorEvaluator: ExploreEvaluator {
    /// A significant-change run depends only on what the system told the app, the device,
    /// and the configuration's catalog and routing settings (its times are kept as offsets from the start),
    /// so equal inputs are run once.
    private struct ChangesKey: Hashable {
        var answer: ConsentScenario.PersonaAnswer
        var capabilities: PlatformCapabilities
    }

    package let configuration: ExploreConfiguration
    private let changesRuns = Locked<[ChangesKey: ChangesCellOutcome]>([:])

    /// `agekit age`'s default guardian for communication-limits requests.
    package static let guardianName = "approve"
    package static let guardian = GuardianBehavior(name: guardianName)!

    package init(_ configuration: ExploreConfiguration) {
        self.configuration = configuration
    }

    package func evaluate(_ cell: ExploreCell) async -> CellOutcomes {
        let setup = cell.setup
        let scenario = AgeScenario(
            person: setup.person, personaName: cell.person.persona?.name, region: cell.region,
            capabilities: cell.capabilities, profile: configuration.profile, faults: setup.faults, today: cell.day,
            lastAsked: cell.scenario.lastAsked, adultAnswer: nil, guardian: Self.guardian,
            guardianName: Self.guardianName)
        let age = await AgeOutcome.run(scenario, relaunch: true)

        // The commands start their simulated time at 09:00 UTC; so does every day of the sweep.
        let start = cell.day.date.addingTimeInterval(9 * 3600)
        let launch = await LaunchRun(
            setup: setup, start: start, settings: configuration.settings,
            device: SimulatedPrivacyDevice.Setup(
                savedAnswer: cell.scenario.saved,
                cadence: .scenario(
                    lastAsked: cell.scenario.lastAsked, region: cell.region, person: setup.person,
                    capabilities: cell.capabilities))
        ).run()

        let answer = ConsentScenario.answer(setup: setup, on: cell.day)
        let key = ChangesKey(answer: answer, capabilities: cell.capabilities)
        let changes: ChangesCellOutcome
        if let known = changesRuns.withLock({ $0[key] }) {
            changes = known
        } else {
            let result = await ChangesRun(
                catalog: configuration.catalog, answer: answer, capabilities: cell.capabilities,
                settings: configuration.routing, start: start
            ).run()
            changes = ChangesCellOutcome(answer: answer, result: result, start: start)
            changesRuns.withLock { $0[key] = changes }
        }

        return CellOutcomes(
            age: AgeCellOutcome(age, profile: configuration.profile), launch: LaunchCellOutcome(launch),
            changes: changes)
    }
}
