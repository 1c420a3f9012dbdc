import AgeKitSimulator
import AgeSignals
import Testing

@testable import AgeGating

@MainActor
@Suite("errors, through the gate")
struct GateErrorTests {
    struct Row: Sendable, CustomTestStringConvertible {
        let error: AgeRangeProviderError
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
        let programmerErrors = Locked(0)
        let harness = Harness(
            os: OSVersion(27, 0), faults: SimulatorFaults(request: .error(row.error)),
            onProgrammerError: { _ in programmerErrors.withLock { $0 += 1 } })
        #expect(await harness.gate.request(.personTapped) == row.policy)
        #expect(harness.store.string(forKey: AgeRecord.key) == row.stored)
        #expect(harness.gate.lastFailure == .error(row.error))
        #expect(programmerErrors.withLock { $0 } == (row.error == .invalidRequest ? 1 : 0))
    }

    @Test(
        "never downgrade: an error never overwrites a known answer",
        arguments: AgeRangeProviderError.knownCases.filter { $0 != .declinedOnboarding })
    func neverDowngrade(error: AgeRangeProviderError) async {
        let harness = Harness(os: OSVersion(27, 0))
        #expect(await harness.gate.request(.personTapped) == teenPolicy)
        let stored = harness.store.string(forKey: AgeRecord.key)
        harness.system.update { $0.faults.request = .error(error) }
        #expect(await harness.gate.request(.personTapped) == teenPolicy)
        #expect(harness.store.string(forKey: AgeRecord.key) == stored)
    }

    @Test("rule 8: declinedOnboarding is a decline and is stored as one, like declinedSharing, over a known answer")
    func declinedOnboardingIsADecline() async {
        for decline in [SimulatorFaults(request: .error(.declinedOnboarding)), SimulatorFaults()] {
            let harness = Harness(os: OSVersion(27, 0))
            #expect(await harness.gate.request(.personTapped) == teenPolicy)
            harness.system.update { setup in
                setup.faults = decline
                if decline.request == nil { setup.person.sharing = .declines }
            }
            #expect(await harness.gate.request(.personTapped) == .declined)
            #expect(harness.store.string(forKey: AgeRecord.key) == "declined")
            #expect(harness.relaunched().policy == .declined)
        }
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

    struct HangRow: Sendable, CustomTestStringConvertible {
        let faults: SimulatorFaults
        let os: OSVersion
        let asks: Bool
        let name: String
        var testDescription: String { name }
    }

    @Test(
        "rule 3: a hung or failing eligibility call never cancels the authoritative check",
        arguments: [
            HangRow(
                faults: SimulatorFaults(eligibility: .hang), os: OSVersion(26, 4), asks: true, name: "eligibility hangs"
            ),
            HangRow(
                faults: SimulatorFaults(eligibility: .error(.notAvailable)), os: OSVersion(26, 4), asks: true,
                name: "eligibility fails"),
            HangRow(
                faults: SimulatorFaults(regulatoryFeatures: .hang), os: OSVersion(26, 4), asks: true,
                name: "features hang (careful side)"),
            HangRow(
                faults: SimulatorFaults(regulatoryFeatures: .error(.network), eligibilityFalseNegative: true),
                os: OSVersion(27, 0), asks: true, name: "features fail, eligibility misreports false"),
        ])
    func hungEligibility(_ row: HangRow) async {
        let harness = Harness(region: Harness.texas, os: row.os, faults: row.faults)
        let gate = harness.gate
        let launch = Task { await gate.launch() }
        await harness.clock.waitForSleepers(2)
        harness.clock.advance(by: .seconds(10))
        let report = await launch.value
        #expect(report.asked == row.asks)
        #expect(harness.system.calls.eligibility == 1)
        #expect(harness.system.calls.regulatoryFeatures == 1)
        #expect(gate.policy == (row.asks ? teenPolicy : .notAsked))
    }

    @Test("rule 3: both signal calls run at once, each under its own deadline")
    func ownDeadlines() async {
        let harness = Harness(
            region: Harness.texas, os: OSVersion(26, 4), faults: SimulatorFaults(eligibility: .hang),
            deadline: .seconds(5))
        let gate = harness.gate
        let launch = Task { await gate.launch() }
        await harness.clock.waitForSleepers(2)
        harness.clock.advance(by: .seconds(5))
        let report = await launch.value
        #expect(report.signals.eligibilityFailure == .timedOut)
        #expect(report.signals.regulatoryFeatures?.contains(.declaredAgeRangeRequired) == true)
        #expect(report.regulation == .required)
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
        let second = Task { await gate.request(.personTapped) }
        await harness.clock.waitForSleepers(2)
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

    @Test("rule 9: fallback below 26: nothing is called, the next step is the adult question, stored as self-declared")
    func fallbackBelow26() async {
        let harness = Harness(os: OSVersion(18, 0))
        #expect(await harness.gate.launch().asked == false)
        #expect(await harness.gate.open(FeatureRequirement(minimumAge: 18)).reason == .needsAdultQuestion)
        #expect(harness.system.calls == SimulatedAgeSystem.CallCounts())
        harness.gate.recordAdultAnswer(true)
        #expect(harness.relaunched().policy.tier == AgeTier(lowerAge: 18, nextGate: nil))
        #expect(harness.store.string(forKey: AgeRecord.key) == "tier=18+;source=selfDeclared;limited=0")
    }
}
