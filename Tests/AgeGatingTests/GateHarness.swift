import AgeKitSimulator
import AgeSignals
import Testing

@testable import AgeGating

/// A gate wired to a simulated system, a deterministic clock and an in-memory store.
@MainActor
struct Harness {
    let system: SimulatedAgeSystem
    let store: InMemoryKeyValueStore
    let gate: AgeGate
    var clock: SimulatedClock { system.clock }

    static let gates = try! AgeGates([13, 16, 18])
    static let texas = try! RegionCatalog.standard.region("US-TX")

    init(
        person: SimulatedPerson? = nil, persona: String = "13to15-approved", region: Region = .unregulated,
        os: OSVersion = OSVersion(26, 5), platform: Platform = .iOS, faults: SimulatorFaults = .none,
        cadence: CadenceRule = .everyLaunchWhenRequired, deadline: Duration = .seconds(10),
        store: InMemoryKeyValueStore = InMemoryKeyValueStore(), clock: SimulatedClock = SimulatedClock(),
        onProgrammerError: @escaping @Sendable (AgeRangeProviderError) -> Void = { _ in }
    ) {
        let capabilities = PlatformCapabilities(platform: platform, os: os)
        let person = person ?? SandboxPersona.named(persona)!.person(today: clock.today)
        system = SimulatedAgeSystem(
            .init(person: person, region: region, capabilities: capabilities, faults: faults), clock: clock)
        self.store = store
        gate = AgeGate(
            service: system,
            configuration: .init(
                gates: Self.gates, capabilities: capabilities, deadline: deadline, requestDeadline: deadline,
                cadence: cadence, onProgrammerError: onProgrammerError),
            store: store, clock: clock)
    }

    /// The same device, relaunched: a new gate on the same system, store and clock.
    func relaunched(cadence: CadenceRule = .everyLaunchWhenRequired) -> AgeGate {
        AgeGate(
            service: system,
            configuration: .init(gates: Self.gates, capabilities: system.setup.capabilities, cadence: cadence),
            store: store, clock: clock)
    }
}

let teenPolicy = AgePolicy.known(
    tier: AgeTier(lowerAge: 13, nextGate: 16), source: .guardianDeclared, communicationLimited: false)
let gatedNotes = FeatureRequirement(minimumAge: 13)
