import AgeKitSimulator
import AgeSignals
import Observation
import Testing

@testable import AgeGating

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
            // 26.0-26.1 have no region check: the careful side asks (seed 002 asks at every launch).
            Row(region: "US-TX", os: OSVersion(26, 0), platform: .iOS, falseNegative: false, asks: true),
            Row(region: "default", os: OSVersion(26, 1), platform: .iOS, falseNegative: false, asks: true),
            // Rule 4: macOS does not require age assurance; the Mac never asks at launch.
            Row(region: "US-TX", os: OSVersion(26, 4), platform: .macOS, falseNegative: false, asks: false),
            Row(region: "US-TX", os: OSVersion(26, 5), platform: .macCatalyst, falseNegative: false, asks: true),
            Row(region: "US-TX", os: OSVersion(26, 2), platform: .macOS, falseNegative: false, asks: false),
            Row(region: "BR", os: OSVersion(26, 5), platform: .iOS, falseNegative: true, asks: true),
            // Utah on 2026-11-30 follows Apple's rollout (new accounts from 2026-05-06), not the
            // law's 2027 date; Alabama's law, with no Apple rollout, has not started.
            Row(region: "US-UT", os: OSVersion(26, 5), platform: .iOS, falseNegative: false, asks: true),
            Row(region: "US-AL", os: OSVersion(26, 5), platform: .iOS, falseNegative: false, asks: false),
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

    @Test("the gate is observable: a new policy notifies its observers")
    func observable() async {
        let harness = Harness()
        let changed = Locked(false)
        withObservationTracking {
            _ = harness.gate.policy
        } onChange: {
            changed.withLock { $0 = true }
        }
        await harness.gate.request(.personTapped)
        #expect(changed.withLock { $0 })
    }

    @Test("otherwise ask the first time a gated feature is opened, and only then")
    func firstUse() async {
        let harness = Harness()
        await harness.gate.launch()
        #expect(harness.system.calls.requests == 0)
        #expect(await harness.gate.open(FeatureRequirement()) == .allowed)
        #expect(harness.system.calls.requests == 0)
        #expect(await harness.gate.open(gatedNotes) == .allowed)
        #expect(await harness.gate.open(FeatureRequirement(minimumAge: 16)).reason == .tooYoung)
        #expect(harness.system.calls.requests == 1)
        #expect(harness.gate.lastTrigger == .firstUse)
    }
}

@MainActor
@Suite("decline: remembered; asked again at launch only where the law asks at every launch")
struct GateDeclineTests {
    /// Seed 000: "In a regulated region the app asks at every launch"; seed 002 asks at every
    /// launch. A stored decline does not stop it (the cadence in force still does).
    @Test(
        "a regulated decline is asked again at the next launch",
        arguments: [CadenceRule.everyLaunchWhenRequired, .atMostEvery(months: 1), .atDownloadAndLaunch])
    func regulatedDecline(cadence: CadenceRule) async {
        var region = Region.unregulated
        region.regulated = true
        let clock = SimulatedClock()
        let person = SimulatedPerson.aged(30, today: clock.today, sharing: .declines)
        let harness = Harness(person: person, region: region, cadence: cadence, clock: clock)
        await harness.gate.launch()
        #expect(harness.gate.policy == .declined)
        #expect(harness.store.string(forKey: AgeRecord.key) == "declined")
        #expect(await harness.gate.open(gatedNotes).reason == .needsAgeRange)
        #expect(harness.system.calls.requests == 1)
        clock.advance(days: 400)
        harness.system.update { $0.person.sharing = .shares }
        let next = harness.relaunched(cadence: cadence)
        #expect(next.policy == .declined)
        let report = await next.launch()
        #expect(report.asked && report.ask.reason == .regulated)
        #expect(harness.system.calls.requests == 2)
        #expect(next.policy.isKnown)
    }

    /// Seed 000: outside a regulated region "the app never brings the sheet up again on its own".
    @Test("an unregulated decline is never asked again on its own; the person's tap asks")
    func unregulatedDecline() async {
        let clock = SimulatedClock()
        let person = SimulatedPerson.aged(30, today: clock.today, sharing: .declines)
        let harness = Harness(person: person, clock: clock)
        #expect(await harness.gate.open(gatedNotes).reason == .needsAgeRange)
        #expect(harness.gate.policy == .declined)
        clock.advance(days: 400)
        let next = harness.relaunched()
        #expect(await next.launch().asked == false)
        #expect(await next.open(gatedNotes).canAsk)
        #expect(harness.system.calls.requests == 1)
        harness.system.update { $0.person.sharing = .shares }
        #expect(await next.request(.personTapped).isKnown)
        #expect(harness.system.calls.requests == 2)
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

@MainActor
@Suite("tier: override bands from a regulated region, through the gate")
struct GateOverrideBandTests {
    @Test(
        "an override band starting at 14 lands in 13-15; one starting at 12 lands under 13",
        arguments: [(14, "13-15"), (12, "under13"), (13, "under13"), (17, "13-15"), (18, "18+")] as [(Int, String)])
    func overrideBands(age: Int, tier: String) async {
        let region = Region(id: "bands", name: "Bands", regulated: true, lawBands: [12, 14, 18], canDecline: false)
        let clock = SimulatedClock()
        let harness = Harness(
            person: .aged(age, today: clock.today, declaration: .guardianDeclared), region: region, clock: clock)
        await harness.gate.launch()
        #expect(harness.gate.policy.tier?.description == tier)
    }
}
