import AgeGating
import AgeSignals
import Testing

@testable import AgeKitSimulator

@Suite("Apple's rollout dates against the laws'")
struct RegionRolloutTests {
    struct Row: Sendable, CustomTestStringConvertible {
        let region: String
        /// Nil: an account of unknown age, which counts as new.
        let created: String?
        let day: String
        let minor: [RegulatoryFeature]
        let adult: [RegulatoryFeature]
        var testDescription: String { "\(region) created \(created ?? "unknown") on \(day)" }
    }

    static let required: RegulatoryFeature = .declaredAgeRangeRequired
    static let consent: RegulatoryFeature = .significantAppChangeRequiresParentalConsent
    static let notification: RegulatoryFeature = .significantAppChangeRequiresAdultNotification

    @Test(
        "rule: Utah and Louisiana as seed 003 states them",
        arguments: [
            // Created after Apple's rollout, before the law: a new account once the law applies.
            Row(
                region: "US-UT", created: "2026-06-01", day: "2027-06-01", minor: [required, consent],
                adult: [required, notification]),
            Row(
                region: "US-LA", created: "2026-08-01", day: "2027-08-01", minor: [required, consent],
                adult: [required, notification]),
            // Created before Apple's rollout: an existing account, not covered.
            Row(region: "US-UT", created: "2026-04-01", day: "2027-06-01", minor: [], adult: []),
            // Before the law, after Apple's rollout: the system follows the rollout (it used to
            // wait for the law; issue 36 item 12).
            Row(
                region: "US-UT", created: "2026-06-01", day: "2027-01-01", minor: [required, consent],
                adult: [required, notification]),
            // Before Apple's rollout: nothing yet, even for a new account.
            Row(region: "US-UT", created: nil, day: "2026-05-05", minor: [], adult: []),
            Row(region: "US-LA", created: nil, day: "2026-06-30", minor: [], adult: []),
        ])
    func utahAndLouisiana(_ row: Row) throws {
        let day = try #require(CalendarDay(parsing: row.day))
        for (age, expected) in [(14, row.minor), (30, row.adult)] {
            var person = SimulatedPerson.aged(age, today: day)
            person.accountCreated = row.created.flatMap(CalendarDay.init(parsing:))
            let setup = SimulatedAgeSystem.Setup(
                person: person, region: try RegionCatalog.standard.region(row.region),
                capabilities: PlatformCapabilities(platform: .iOS, os: OSVersion(26, 5)))
            #expect(SimulatedAgeSystem.regulatoryFeatures(setup: setup, today: day) == Set(expected), "age \(age)")
        }
    }

    @Test(
        "rule: Brazil, Australia and Singapore are in effect from 2026-02-24, not before",
        arguments: ["BR", "AU", "SG"])
    func downloadsBlockFromFebruary(_ id: String) throws {
        let region = try RegionCatalog.standard.region(id)
        #expect(region.inEffectFrom == CalendarDay(2026, 2, 24))
        #expect(!region.requiresConfirmedAdultForAdultDownloads(on: CalendarDay(2026, 2, 23)!))
        #expect(region.requiresConfirmedAdultForAdultDownloads(on: CalendarDay(2026, 2, 24)!))
    }
}
