import AgeKitSimulator
import AgeSignals
import Testing

@testable import AgeGating

/// A service that cannot hang is called directly; everything it answers must come out the
/// same as through the deadline race.
@Suite("calls to a service that cannot hang")
struct NoWaitTests {
    /// The simulator behind the protocol's default, so every call goes through the race.
    struct Raced: AgeRangeProvider {
        let system: SimulatedAgeSystem
        func requestAgeRange(gates: AgeGates) async throws(AgeRangeProviderError) -> AgeRangeResponse {
            try await system.requestAgeRange(gates: gates)
        }
        func isEligibleForAgeFeatures() async throws(AgeRangeProviderError) -> Bool {
            try await system.isEligibleForAgeFeatures()
        }
        func requiredRegulatoryFeatures() async throws(AgeRangeProviderError) -> Set<RegulatoryFeature> {
            try await system.requiredRegulatoryFeatures()
        }
    }

    static func system(_ faults: SimulatorFaults, os: OSVersion = OSVersion(26, 4)) -> SimulatedAgeSystem {
        let clock = SimulatedClock()
        return SimulatedAgeSystem(
            .init(
                person: SandboxPersona.named("13to15-approved")!.person(today: clock.today),
                region: try! RegionCatalog.standard.region("US-TX"),
                capabilities: PlatformCapabilities(platform: .iOS, os: os), faults: faults),
            clock: clock)
    }

    @Test("only a hang makes the simulator wait; Apple's service and any other default to waiting")
    func whoWaits() {
        #expect(Self.system(.none).answersWithoutWaiting)
        #expect(Self.system(SimulatorFaults(eligibility: .error(.network))).answersWithoutWaiting)
        for faults in [
            SimulatorFaults(request: .hang), SimulatorFaults(eligibility: .hang),
            SimulatorFaults(regulatoryFeatures: .hang), .hangEverywhere,
        ] {
            #expect(!Self.system(faults).answersWithoutWaiting)
        }
        #expect(!Raced(system: Self.system(.none)).answersWithoutWaiting)
    }

    @Test("no deadline: the call's value or error, as it answered")
    func noDeadline() async {
        let clock = SimulatedClock()
        let value = await Deadline.run(within: nil, clock: clock) { () async throws(AgeRangeProviderError) in 7 }
        guard case .value(7) = value else { Issue.record("got \(value)"); return }
        let failed = await Deadline.run(within: nil, clock: clock) {
            () async throws(AgeRangeProviderError) -> Int in throw .network
        }
        guard case .failed(.network) = failed else { Issue.record("got \(failed)"); return }
    }

    @Test(
        "the launch signals read one after the other equal those read at once under deadlines",
        arguments: [
            SimulatorFaults.none, SimulatorFaults(eligibility: .error(.network)),
            SimulatorFaults(regulatoryFeatures: .error(.notAvailable)),
        ], [OSVersion(26, 1), OSVersion(26, 2), OSVersion(26, 4)])
    func sameSignals(faults: SimulatorFaults, os: OSVersion) async {
        let capabilities = PlatformCapabilities(platform: .iOS, os: os)
        let direct = Self.system(faults, os: os)
        let raced = Raced(system: Self.system(faults, os: os))
        let one = await LaunchSignals.read(
            from: direct, capabilities: capabilities, deadline: .seconds(10), clock: direct.clock)
        let other = await LaunchSignals.read(
            from: raced, capabilities: capabilities, deadline: .seconds(10), clock: raced.system.clock)
        #expect(one == other)
        #expect(direct.calls == raced.system.calls)
    }
}
