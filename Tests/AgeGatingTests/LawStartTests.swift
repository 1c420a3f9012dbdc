import AgeKitSimulator
import AgeSignals
import Testing

@testable import AgeGating

@MainActor
@Suite("a decline stored before a law starts")
struct LawStartTests {
    @Test(
        "rule: a decline does not outlive a law that starts",
        arguments: ["US-AL", "US-CA"])
    func declineDoesNotOutliveLaw(regionID: String) async throws {
        let clock = SimulatedClock(start: CalendarDay(2026, 12, 15)!.date)
        var person = SimulatedPerson.aged(30, today: clock.today)
        person.sharing = .declines
        let harness = Harness(person: person, region: try RegionCatalog.standard.region(regionID), clock: clock)
        _ = await harness.gate.launch()
        _ = await harness.gate.open(FeatureRequirement(minimumAge: 18))
        #expect(harness.gate.policy == .declined)

        // The law applies from 2027-01-01: the first launch after it checks once.
        clock.advance(days: 20)
        let first = harness.relaunched()
        let report = await first.launch()
        #expect(report.isRegulated)
        #expect(report.asked)
        #expect(first.policy.isKnown)

        // The law does not make every later launch re-ask a decline: only the change did.
        let requests = harness.system.calls.requests
        clock.advance(days: 1)
        _ = await harness.relaunched().launch()
        #expect(harness.system.calls.requests == requests + (first.policy == .declined ? 0 : 1))
    }

    @Test("a decline stored while the law already applied is not asked again at launch")
    func declineUnderTheLawStays() async throws {
        let clock = SimulatedClock(start: CalendarDay(2026, 12, 15)!.date)
        var person = SimulatedPerson.aged(30, today: clock.today)
        person.sharing = .declines
        let harness = Harness(person: person, region: .unregulated, clock: clock)
        _ = await harness.gate.launch()
        _ = await harness.gate.open(FeatureRequirement(minimumAge: 18))
        #expect(harness.gate.policy == .declined)
        clock.advance(days: 20)
        let report = await harness.relaunched().launch()
        #expect(!report.asked)
    }
}
