import AgeGating
import AgeKitSimulator
import AgeSignals

/// What `agekit age` found: the system's answer, the launch check, the policy and a decision
/// per feature.
struct AgeOutcome: Sendable {
    enum AskedAt: String, Sendable {
        case launch, firstUse, never
    }

    var response: Result<AgeRangeResponse, AgeRangeServiceError>
    var signals: LaunchSignals
    var asksAtLaunch: Bool
    var askedAt: AskedAt
    var policy: AgePolicy
    var decisions: [(name: String, decision: FeatureDecision)]
    /// Everything the gate kept in its store after the run (the minimal record, nothing else).
    var stored: [String: String] = [:]
    /// Whether the next launch asked the system again; nil when no relaunch was run.
    var askedAgainAtRelaunch: Bool?

    /// Runs the scenario: asks the simulated system once directly (what it returns), then
    /// runs the real gate against a fresh copy: the launch check, and if it did not ask, the
    /// first use of a gated feature. With `relaunch`, a person who declined is launched a
    /// second time on the same store, to show whether the gate would ask again by itself.
    static func run(_ scenario: AgeScenario, relaunch: Bool = false) async -> AgeOutcome {
        let clock = SimulatedClock(start: scenario.today.date)
        let probe = SimulatedAgeSystem(scenario.setup, clock: clock)
        let response: Result<AgeRangeResponse, AgeRangeServiceError>
        do {
            response = .success(try await probe.requestAgeRange(gates: scenario.profile.gates))
        } catch {
            response = .failure(error)
        }
        let system = SimulatedAgeSystem(scenario.setup, clock: clock)
        let configuration = AgeGate.Configuration(
            gates: scenario.profile.gates, capabilities: scenario.capabilities, cadence: scenario.profile.cadence,
            onProgrammerError: { _ in })
        let store = InMemoryKeyValueStore()
        let gate = await AgeGate(service: system, configuration: configuration, store: store, clock: clock)
        let report = await gate.launch()
        var askedAt: AskedAt = report.asked ? .launch : .never
        if !report.asked, let gated = scenario.profile.features.first(where: { $0.requirement.isGated }) {
            _ = await gate.open(gated.requirement)
            if system.calls.requests > 0 { askedAt = .firstUse }
        }
        let policy = await gate.policy
        var outcome = AgeOutcome(
            response: response, signals: report.signals, asksAtLaunch: report.asked, askedAt: askedAt, policy: policy,
            decisions: scenario.profile.features.map { ($0.name, $0.requirement.decide(policy)) },
            stored: store.snapshot)
        if relaunch && policy == .declined {
            let before = system.calls.requests
            let next = await AgeGate(service: system, configuration: configuration, store: store, clock: clock)
            _ = await next.launch()
            outcome.askedAgainAtRelaunch = system.calls.requests > before
        }
        return outcome
    }
}
