import AgeKitSimulator
import AgeSignals
import Testing

@testable import AgeGating

@Suite("one cadence rule for the whole library")
struct CadenceInForceTests {
    @Test(
        "the region's rule is the floor; the app's may only tighten it",
        arguments: [
            (nil, CadenceRule.atMostEvery(months: 24), CadenceRule.atMostEvery(months: 24)),
            (.atMostEvery(months: 12), nil, .atMostEvery(months: 12)),
            (.atMostEvery(months: 12), .everyLaunchWhenRequired, .atMostEvery(months: 12)),
            (.atMostEvery(months: 12), .atMostEvery(months: 6), .atMostEvery(months: 12)),
            (.atMostEvery(months: 12), .atMostEvery(months: 24), .atMostEvery(months: 24)),
            (.atMostEvery(months: 12), .atDownloadAndLaunch, .atMostEvery(months: 12)),
            (.everyLaunchWhenRequired, .atMostEvery(months: 12), .everyLaunchWhenRequired),
            (.everyLaunchWhenRequired, .atDownloadAndLaunch, .atDownloadAndLaunch),
            (.atDownloadAndLaunch, .atMostEvery(months: 12), .atDownloadAndLaunch),
        ] as [(CadenceRule?, CadenceRule?, CadenceRule)])
    func inForce(region: CadenceRule?, app: CadenceRule?, expected: CadenceRule) {
        #expect(CadenceRule.inForce(app: app, region: region) == expected)
    }

    @MainActor
    @Test(
        "rule: one cadence rule for the whole library (the gate; a tap on a gated feature is no special circumstance)")
    func gateFollowsRegion() async throws {
        let clock = SimulatedClock(start: CalendarDay(2027, 3, 1)!.date)
        let store = InMemoryKeyValueStore()
        var record = CadenceRecord(hasLaunched: true)
        record.recordRequest(at: CalendarDay(2027, 1, 5)!.date)
        try store.set(record.encoded, forKey: CadenceRecord.key)
        let alabama = try RegionCatalog.standard.region("US-AL")
        let harness = Harness(persona: "adult-self-declared", region: alabama, store: store, clock: clock)
        var configuration = harness.gate.configuration
        configuration.regionCadence = alabama.cadenceRule(on: clock.today)
        let gate = AgeGate(service: harness.system, configuration: configuration, store: store, clock: clock)
        #expect(!(await gate.launch()).asked)
        // Opening a gated feature inside the limit does not ask ...
        let decision = await gate.open(FeatureRequirement(minimumAge: 18))
        #expect(harness.system.calls.requests == 0)
        #expect(decision.reason == .needsAgeRange)
        // ... the person's own tap on "share age range" does: the special circumstance.
        _ = await gate.request(.personTapped)
        #expect(harness.system.calls.requests == 1)
        #expect(gate.policy.isKnown)
    }
}
