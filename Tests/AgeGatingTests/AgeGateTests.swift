import AgeKitSimulator
import AgeSignals
import Synchronization
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
        onProgrammerError: @escaping @Sendable (AgeRangeServiceError) -> Void = { _ in }
    ) {
        let capabilities = PlatformCapabilities(platform: platform, os: os)
        let person = person ?? SandboxPersona.named(persona)!.person(today: clock.today)
        system = SimulatedAgeSystem(
            .init(person: person, region: region, capabilities: capabilities, faults: faults), clock: clock)
        self.store = store
        gate = AgeGate(
            service: system,
            configuration: .init(
                gates: Self.gates, capabilities: capabilities, deadline: deadline, cadence: cadence,
                onProgrammerError: onProgrammerError),
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

private let teenPolicy = AgePolicy.known(
    tier: AgeTier(lowerAge: 13, nextGate: 16), source: .guardianDeclared, communicationLimited: false)
private let notes = FeatureRequirement(minimumAge: 13)

@MainActor
@Suite("when to ask at launch, through the gate and the simulator")
struct GateLaunchTests {
    struct Row: Sendable, CustomTestStringConvertible {
        let region: String
        let os: OSVersion
        let platform: Platform
        let falseNegative: Bool
        let asks: Bool
        var testDescription: String { "\(region) \(platform) \(os) falseNegative=\(falseNegative)" }
    }

    @Test(
        "when to ask at launch",
        arguments: [
            Row(region: "US-TX", os: OSVersion(26, 4), platform: .iOS, falseNegative: false, asks: true),
            Row(region: "US-TX", os: OSVersion(26, 4), platform: .iOS, falseNegative: true, asks: true),
            Row(region: "US-TX", os: OSVersion(26, 2), platform: .iOS, falseNegative: false, asks: true),
            Row(region: "US-TX", os: OSVersion(26, 2), platform: .iOS, falseNegative: true, asks: false),
            Row(region: "US-TX", os: OSVersion(26, 0), platform: .iOS, falseNegative: false, asks: false),
            Row(region: "US-TX", os: OSVersion(26, 4), platform: .macOS, falseNegative: false, asks: true),
            Row(region: "US-TX", os: OSVersion(26, 2), platform: .macOS, falseNegative: false, asks: false),
            Row(region: "BR", os: OSVersion(26, 5), platform: .iOS, falseNegative: true, asks: true),
            Row(region: "US-UT", os: OSVersion(26, 5), platform: .iOS, falseNegative: false, asks: false),
            Row(region: "default", os: OSVersion(27, 0), platform: .iOS, falseNegative: false, asks: false),
            Row(region: "AU", os: OSVersion(26, 5), platform: .iOS, falseNegative: false, asks: false),
        ])
    func whenToAskAtLaunch(row: Row) async throws {
        let harness = Harness(
            region: try RegionCatalog.standard.region(row.region), os: row.os, platform: row.platform,
            faults: SimulatorFaults(eligibilityFalseNegative: row.falseNegative))
        let report = await harness.gate.launch()
        #expect(report.asked == row.asks)
        #expect(harness.system.calls.requests == (row.asks ? 1 : 0))
        #expect(harness.gate.policy == (row.asks ? teenPolicy : .notAsked))
    }

    @Test("otherwise ask the first time a gated feature is opened, and only then")
    func firstUse() async {
        let harness = Harness()
        await harness.gate.launch()
        #expect(harness.system.calls.requests == 0)
        #expect(await harness.gate.open(FeatureRequirement()) == .allowed)
        #expect(harness.system.calls.requests == 0)
        #expect(await harness.gate.open(notes) == .allowed)
        #expect(await harness.gate.open(FeatureRequirement(minimumAge: 16)).reason == .tooYoung)
        #expect(harness.system.calls.requests == 1)
    }
}

@MainActor
@Suite("decline: remembered, never re-prompted on its own")
struct GateDeclineTests {
    @Test("decline", arguments: [CadenceRule.everyLaunchWhenRequired, .atMostEvery(months: 1), .atDownloadAndLaunch])
    func decline(cadence: CadenceRule) async {
        var region = Region.unregulated
        region.regulated = true
        let clock = SimulatedClock()
        let person = SimulatedPerson.aged(30, today: clock.today, sharing: .declines)
        let harness = Harness(person: person, region: region, cadence: cadence, clock: clock)
        await harness.gate.launch()
        #expect(harness.gate.policy == .declined)
        #expect(harness.store.string(forKey: AgeRecord.key) == "declined")
        #expect(await harness.gate.open(notes).reason == .needsAgeRange)
        clock.advance(days: 400)
        let next = harness.relaunched(cadence: cadence)
        #expect(next.policy == .declined)
        #expect(await next.launch().asked == false)
        #expect(await next.open(notes).canAsk)
        #expect(harness.system.calls.requests == 1)
        harness.system.update { $0.person.sharing = .shares }
        #expect(await next.request(.personTapped).isKnown)
        #expect(harness.system.calls.requests == 2)
    }
}

@MainActor
@Suite("errors, through the gate")
struct GateErrorTests {
    struct Row: Sendable, CustomTestStringConvertible {
        let error: AgeRangeServiceError
        let policy: AgePolicy
        let stored: String?
        var testDescription: String { error.rawValue }
    }

    @Test(
        "errors",
        arguments: [
            Row(error: .declinedOnboarding, policy: .declined, stored: "declined"),
            Row(error: .network, policy: .notAsked, stored: nil),
            Row(error: .invalidRequest, policy: .unavailable, stored: nil),
            Row(error: .notAvailable, policy: .unavailable, stored: nil),
            Row(error: .invalidAccount, policy: .unavailable, stored: nil),
        ])
    func errors(row: Row) async {
        let programmerErrors = Mutex(0)
        let harness = Harness(
            os: OSVersion(27, 0), faults: SimulatorFaults(request: .error(row.error)),
            onProgrammerError: { _ in programmerErrors.withLock { $0 += 1 } })
        #expect(await harness.gate.request(.personTapped) == row.policy)
        #expect(harness.store.string(forKey: AgeRecord.key) == row.stored)
        #expect(harness.gate.lastFailure == .error(row.error))
        #expect(programmerErrors.withLock { $0 } == (row.error == .invalidRequest ? 1 : 0))
    }

    @Test("never downgrade: an error never overwrites a known answer", arguments: AgeRangeServiceError.knownCases)
    func neverDowngrade(error: AgeRangeServiceError) async {
        let harness = Harness(os: OSVersion(27, 0))
        #expect(await harness.gate.request(.personTapped) == teenPolicy)
        let stored = harness.store.string(forKey: AgeRecord.key)
        harness.system.update { $0.faults.request = .error(error) }
        #expect(await harness.gate.request(.personTapped) == teenPolicy)
        #expect(harness.store.string(forKey: AgeRecord.key) == stored)
    }

    @Test("unavailable is not stored: the next launch checks again")
    func unavailableRetried() async {
        let harness = Harness(
            region: Harness.texas, os: OSVersion(26, 4), faults: SimulatorFaults(request: .error(.notAvailable)))
        await harness.gate.launch()
        #expect(harness.gate.policy == .unavailable)
        harness.system.update { $0.faults = .none }
        let next = harness.relaunched()
        #expect(next.policy == .notAsked)
        await next.launch()
        #expect(next.policy == teenPolicy)
    }
}

@MainActor
@Suite("deadline: every system call has one; a hang is unavailable for this launch")
struct GateDeadlineTests {
    @Test("a hanging request times out at the deadline, on the test clock")
    func hangingRequest() async {
        let harness = Harness(faults: SimulatorFaults(request: .hang), deadline: .seconds(3))
        let gate = harness.gate
        let request = Task { await gate.request(.firstUse) }
        await harness.clock.waitForSleepers(2)
        #expect(gate.isRequesting)
        harness.clock.advance(by: .seconds(2))
        await Task.yield()
        #expect(harness.clock.pendingSleepers == 2)
        harness.clock.advance(by: .seconds(1))
        #expect(await request.value == .unavailable)
        #expect(gate.lastFailure == .timedOut)
        #expect(!gate.isRequesting)
        #expect(harness.store.string(forKey: AgeRecord.key) == nil)
    }

    @Test("a hanging eligibility call makes this launch unavailable and asks nothing")
    func hangingEligibility() async {
        let harness = Harness(region: Harness.texas, os: OSVersion(26, 4), faults: SimulatorFaults(eligibility: .hang))
        let gate = harness.gate
        let launch = Task { await gate.launch() }
        await harness.clock.waitForSleepers(2)
        harness.clock.advance(by: .seconds(10))
        let report = await launch.value
        #expect(!report.asked)
        #expect(gate.policy == .unavailable)
        #expect(harness.system.calls.requests == 0)
        #expect(await gate.open(notes).reason == .unavailable)
    }

    @Test("a hang never downgrades a stored answer")
    func hangKeepsKnown() async throws {
        let store = InMemoryKeyValueStore()
        try AgeRecord.save(teenPolicy, to: store)
        let harness = Harness(faults: .hangEverywhere, store: store)
        let gate = harness.gate
        let request = Task { await gate.request(.personTapped) }
        await harness.clock.waitForSleepers(2)
        harness.clock.advance(by: .seconds(10))
        #expect(await request.value == teenPolicy)
    }

    @Test("one request in flight at a time: a second caller joins the first")
    func oneInFlight() async {
        let harness = Harness(faults: SimulatorFaults(request: .hang))
        let gate = harness.gate
        let first = Task { await gate.request(.firstUse) }
        await harness.clock.waitForSleepers(2)
        let second = Task { await gate.request(.personTapped) }
        await Task.yield()
        harness.clock.advance(by: .seconds(10))
        #expect(await first.value == .unavailable)
        #expect(await second.value == .unavailable)
        #expect(harness.system.calls.requests == 1)
    }
}

@MainActor
@Suite("what is stored, through the gate")
struct GatePersistenceTests {
    @Test("the answer survives a relaunch; a corrupt record reads as not asked")
    func relaunch() async throws {
        let harness = Harness()
        await harness.gate.request(.firstUse)
        #expect(harness.relaunched().policy == teenPolicy)
        #expect(Set(harness.store.snapshot.keys) == [AgeRecord.key, CadenceRecord.key])
        try harness.store.set("tier=13-15;source=guardianDeclared", forKey: AgeRecord.key)
        #expect(harness.relaunched().policy == .notAsked)
    }

    @Test("fallback below 26: nothing is called, the adult question is stored as self-declared")
    func fallbackBelow26() async {
        let harness = Harness(os: OSVersion(18, 0))
        #expect(await harness.gate.launch().asked == false)
        #expect(await harness.gate.open(notes).reason == .needsAgeRange)
        #expect(harness.system.calls == SimulatedAgeSystem.CallCounts())
        harness.gate.recordAdultAnswer(true)
        #expect(harness.relaunched().policy.tier == AgeTier(lowerAge: 18, nextGate: nil))
        #expect(harness.store.string(forKey: AgeRecord.key) == "tier=18+;source=selfDeclared;limited=0")
    }
}

@MainActor
@Suite("cadence, through the gate on a test clock")
struct GateCadenceTests {
    @Test("at most once per 12 months (Alabama)")
    func alabama() async {
        let clock = SimulatedClock(start: CalendarDay(2027, 2, 1)!.date)
        let harness = Harness(
            region: try! RegionCatalog.standard.region("US-AL"), cadence: .atMostEvery(months: 12), clock: clock)
        #expect(await harness.gate.launch().asked)
        var asked: [Bool] = []
        for _ in 0..<12 {
            clock.advance(days: 31)
            asked.append(await harness.relaunched(cadence: .atMostEvery(months: 12)).launch().asked)
        }
        #expect(asked == Array(repeating: false, count: 11) + [true])
        #expect(harness.system.calls.requests == 2)
    }

    @Test("at download and at every launch (California)")
    func california() async {
        let clock = SimulatedClock(start: CalendarDay(2026, 11, 30)!.date)
        let harness = Harness(
            region: try! RegionCatalog.standard.region("US-CA"), cadence: .atDownloadAndLaunch, clock: clock)
        #expect(await harness.gate.launch().asked)
        #expect(await harness.relaunched(cadence: .atDownloadAndLaunch).launch().asked == false)
        clock.set(CalendarDay(2027, 1, 1)!.date)
        #expect(await harness.relaunched(cadence: .atDownloadAndLaunch).launch().asked)
        #expect(await harness.relaunched(cadence: .atDownloadAndLaunch).launch().asked)
        #expect(harness.system.calls.requests == 3)
    }

    @Test("every launch while required (Texas)")
    func texas() async {
        let harness = Harness(region: Harness.texas)
        for _ in 0..<3 { #expect(await harness.relaunched().launch().asked) }
        #expect(harness.system.calls.requests == 3)
    }
}
