import AgeKitSimulator
import AgeSignals
import Foundation

/// What decides a cell. The real one runs the simulator exactly as `agekit age`, `agekit
/// launch` and `agekit changes` do; tests put a deliberately wrong one in its place to show
/// that the invariants catch it.
protocol ExploreEvaluator: Sendable {
    func evaluate(_ cell: ExploreCell, _ configuration: ExploreConfiguration) async -> CellOutcomes
}

/// The commands' own computations, one after the other, on the cell's day.
struct SimulatorEvaluator: ExploreEvaluator {
    func evaluate(_ cell: ExploreCell, _ configuration: ExploreConfiguration) async -> CellOutcomes {
        let setup = cell.setup
        let scenario = AgeScenario(
            person: setup.person, personaName: cell.person.persona?.name, region: cell.region,
            capabilities: cell.capabilities, profile: configuration.profile, faults: setup.faults, today: cell.day)
        let age = await AgeOutcome.run(scenario, relaunch: true)

        let launch = await LaunchRun(setup: setup, start: cell.day.date, settings: configuration.settings).run()

        // `agekit changes` starts at 09:00 UTC; so does every day of the sweep.
        let start = cell.day.date.addingTimeInterval(9 * 3600)
        let answer = ConsentScenario.answer(setup: setup, on: cell.day)
        let changes = await ChangesRun(
            catalog: configuration.catalog, answer: answer, capabilities: cell.capabilities,
            settings: configuration.routing, start: start
        ).run()

        return CellOutcomes(
            age: AgeCellOutcome(age, profile: configuration.profile), launch: LaunchCellOutcome(launch),
            changes: ChangesCellOutcome(answer: answer, result: changes, start: start))
    }
}
