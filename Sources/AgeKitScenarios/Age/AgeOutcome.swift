import AgeGating
import AgeKitSimulator
import AgeSignals
import Foundation
import SignificantChanges

/// What `agekit age` found: the system's answer, the launch check, the policy and a decision
/// per feature, and the permission request for each feature communication limits close.
package struct AgeOutcome: Sendable {
    package enum AskedAt: String, Sendable {
        case launch, firstUse, adultQuestion, never
    }

    package var response: Result<AgeRangeResponse, AgeRangeProviderError>
    package var signals: LaunchSignals
    package var regulation: LaunchSignals.Regulation
    package var asksAtLaunch: Bool
    package var askedAt: AskedAt
    package var policy: AgePolicy
    package var decisions: [(name: String, decision: FeatureDecision)]
    package var permissionRequests: [(feature: String, result: CommunicationSimulation.Result)]
    /// Everything the gate kept in its store after the run (the minimal record, nothing else).
    package var stored: [String: String] = [:]
    /// Whether a second launch asked the system again; nil when none was run.
    package var askedAgainAtRelaunch: Bool?

    /// Runs the scenario: asks the simulated system once directly (what it returns), then
    /// runs the real gate against a fresh copy: the launch check, and if it did not ask, the
    /// first use of a gated feature (or, without Declared Age Range, the app's own "18 or
    /// older?" question when `--adult-answer` gives its answer). A hang is given up at the
    /// gate's deadline on the simulated clock. With `relaunch`, a person who declined is
    /// launched a second time on the same store, to show whether the gate would ask again.
    /// It runs on the main actor with the gate, so reading the gate costs no hop.
    @MainActor package static func run(_ scenario: AgeScenario, relaunch: Bool = false) async -> AgeOutcome {
        let clock = SimulatedClock(start: scenario.today.date.addingTimeInterval(9 * 3600))
        let probe = SimulatedAgeSystem(scenario.setup, clock: clock)
        let gates = scenario.profile.gates
        let deadline = Duration.seconds(10)
        let hangs = scenario.setup.faults.hangs
        let response: Result<AgeRangeResponse, AgeRangeProviderError> = await drive(clock, step: deadline, hangs: hangs)
        {
            switch await Deadline.run(
                within: probe.answersWithoutWaiting ? nil : deadline, clock: clock,
                { () async throws(AgeRangeProviderError) in try await probe.requestAgeRange(gates: gates) })
            {
            case .value(let response): .success(response)
            case .failed(let error): .failure(error)
            case .timedOut: .failure(.unknown("timedOut"))
            }
        }
        let system = SimulatedAgeSystem(scenario.setup, clock: clock)
        var configuration = AgeGate.Configuration(
            gates: gates, capabilities: scenario.capabilities, deadline: deadline, cadence: scenario.profile.cadence,
            onProgrammerError: { _ in })
        configuration.adultFeaturesNeedConfirmedAdult = scenario.region.requiresConfirmedAdultForAdultDownloads(
            on: scenario.today)
        configuration.regionCadence = scenario.region.applying(to: scenario.person).cadenceRule(on: scenario.today)
        let store = InMemoryKeyValueStore()
        if scenario.lastAsked != nil {
            let record = CadenceRecord.scenario(
                lastAsked: scenario.lastAsked, region: scenario.region, person: scenario.person,
                capabilities: scenario.capabilities)
            try? store.set(record.encoded, forKey: CadenceRecord.key)
        }
        let gate = AgeGate(service: system, configuration: configuration, store: store, clock: clock)
        let report = await drive(clock, step: deadline, hangs: hangs) { await gate.launch() }
        var askedAt: AskedAt = report.asked ? .launch : .never
        if !report.asked, let gated = scenario.profile.features.first(where: { $0.requirement.isGated }) {
            let decision = await drive(clock, step: deadline, hangs: hangs) { await gate.open(gated.requirement) }
            if system.calls.requests > 0 { askedAt = .firstUse }
            // Without Declared Age Range the app asks its own question where a feature offers it.
            let offered =
                decision.reason == .needsAdultQuestion
                || scenario.profile.features.contains {
                    gate.decision(for: $0.requirement).reason == .needsAdultQuestion
                }
            if offered, let answer = scenario.adultAnswer {
                gate.recordAdultAnswer(answer)
                askedAt = .adultQuestion
            }
        }
        let policy = gate.policy
        var decisions: [(name: String, decision: FeatureDecision)] = []
        for feature in scenario.profile.features {
            decisions.append((feature.name, gate.decision(for: feature.requirement)))
        }
        var requests: [(feature: String, result: CommunicationSimulation.Result)] = []
        for (name, decision) in decisions where decision.nextStep == .requestGuardianPermission {
            let simulation = CommunicationSimulation(
                feature: name, guardian: scenario.guardian,
                reportsCancel: scenario.capabilities.os >= OSVersion(27, 0),
                personIsAdult: scenario.person.systemAge(on: scenario.today) >= 18, start: clock.now)
            requests.append((name, await simulation.run()))
        }
        var outcome = AgeOutcome(
            response: response, signals: report.signals, regulation: report.regulation, asksAtLaunch: report.asked,
            askedAt: askedAt, policy: policy, decisions: decisions, permissionRequests: requests,
            stored: store.snapshot)
        if relaunch && policy == .declined {
            let before = system.calls.requests
            let next = AgeGate(service: system, configuration: configuration, store: store, clock: clock)
            _ = await drive(clock, step: deadline, hangs: hangs) { await next.launch() }
            outcome.askedAgainAtRelaunch = system.calls.requests > before
        }
        return outcome
    }

    /// Runs `operation`, moving the simulated clock on by `step` whenever it waits on it, so a
    /// hung call ends at its deadline instead of never.
    @MainActor package static func drive<T: Sendable>(
        _ clock: SimulatedClock, step: Duration, hangs: Bool, _ operation: @escaping @MainActor () async -> T
    ) async -> T {
        // Without a hang nothing sleeps past a deadline, and a deadline timer is cancelled when
        // its call answers: awaiting at once is the same run without the polling loop, which
        // cost the explorer more than half its time on one core.
        guard hangs else { return await operation() }
        let done = Locked(false)
        let task = Task {
            let value = await operation()
            done.withLock { $0 = true }
            return value
        }
        // Only a simulated hang (a sleeper past every deadline) moves time; a deadline timer
        // alone never does, so a call that answers is never timed out here.
        // A deadline within the hour (the age sheet's is ten minutes) is reached in one move
        // rather than step by step.
        let stepSeconds = Double(step.components.seconds)
        while !done.withLock({ $0 }) {
            await Task.yield()
            guard clock.hasSleeper(beyond: clock.now.addingTimeInterval(stepSeconds * 2)) else { continue }
            if let wake = clock.earliestWake, wake > clock.now, wake <= clock.now.addingTimeInterval(3600) {
                clock.set(wake)
            } else {
                clock.advance(by: step)
            }
        }
        return await task.value
    }
}
