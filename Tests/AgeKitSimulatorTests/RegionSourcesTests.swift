import AgeGating
import AgeSignals
import Testing

@testable import AgeKitSimulator

/// Issue 36 item 12: each region's dates and features as the seeds give them, and every
/// answer saying whether it follows Apple's rollout or the law's date.
@Suite("the simulator's regions, as the sources give them")
struct RegionSourcesTests {
    static let required: RegulatoryFeature = .declaredAgeRangeRequired
    static let consent: RegulatoryFeature = .significantAppChangeRequiresParentalConsent
    static let notification: RegulatoryFeature = .significantAppChangeRequiresAdultNotification

    static func system(_ region: String, age: Int, on day: String, created: String? = nil) throws -> SimulatedAgeSystem
    {
        let today = try #require(CalendarDay(parsing: day))
        var person = SimulatedPerson.aged(age, today: today, declaration: age < 18 ? .guardianDeclared : .selfDeclared)
        person.accountCreated = created.flatMap(CalendarDay.init(parsing:))
        person.sharing = .declines
        return SimulatedAgeSystem(
            .init(
                person: person, region: try RegionCatalog.standard.region(region),
                capabilities: PlatformCapabilities(platform: .iOS, os: OSVersion(26, 5))),
            clock: SimulatedClock(start: today.date))
    }

    /// The careful reading of seed 000 ("Don't assume Apple's rollout and the legal deadline
    /// line up"; no Apple update after the laws moved): a device follows what Apple announced,
    /// so an app must be ready for the check from Apple's date, whatever the law's.
    @Test(
        "rule: Utah and Louisiana follow Apple's rollout for a new account, a year before their laws",
        arguments: [("US-UT", nil), ("US-UT", "2026-06-01"), ("US-LA", nil), ("US-LA", "2026-07-01")]
            as [(String, String?)])
    func newAccountFollowsAppleRollout(region: String, created: String?) async throws {
        let minor = try Self.system(region, age: 14, on: "2026-12-03", created: created)
        #expect(try await minor.isEligibleForAgeFeatures())
        #expect(try await minor.requiredRegulatoryFeatures() == [Self.required, Self.consent])
        // Age categories are shared when requested: the law's bands, no decline.
        let gates = try AgeGates([13, 16, 18])
        #expect(
            try await minor.requestAgeRange(gates: gates)
                == .sharing(AgeRange(lowerBound: 13, upperBound: 15, declaration: .guardianDeclared)))
        let adult = try Self.system(region, age: 30, on: "2026-12-03", created: created)
        #expect(try await adult.requiredRegulatoryFeatures() == [Self.required, Self.notification])

        let standing = minor.setup.region.standing(of: minor.setup.person, on: CalendarDay(2026, 12, 3)!)
        #expect(standing.follows == .appleRollout)
        #expect(standing.applies)
        #expect(standing.lawEffectiveFrom?.year == 2027)
    }

    @Test("rule: an account created before Apple's rollout is not a new account, even once the law applies")
    func olderAccountIsNotCovered() async throws {
        let system = try Self.system("US-UT", age: 14, on: "2027-06-01", created: "2026-05-05")
        #expect(try await system.requiredRegulatoryFeatures() == [])
        #expect(try await system.isEligibleForAgeFeatures() == false)
    }

    @Test(
        "rule: Alabama from 2027-01-01 requires the age check and nothing else (no source gives it consent)",
        arguments: [14, 30])
    func alabamaHasNoConsentFeature(age: Int) async throws {
        let system = try Self.system("US-AL", age: age, on: "2027-01-01")
        #expect(try await system.requiredRegulatoryFeatures() == [Self.required])
    }

    struct FeatureRow: Sendable, CustomTestStringConvertible {
        let id: String
        let minor: Set<RegulatoryFeature>
        let adult: Set<RegulatoryFeature>
        var testDescription: String { id }
    }

    @Test(
        "rule: each region gets only the features its sources give it",
        arguments: [
            // Seed 003 note 5: consent for minors' significant changes; nothing for adults.
            FeatureRow(id: "US-TX", minor: [required, consent], adult: [required]),
            // Seed 003 note 15: the Significant Change API and adult notifications for both states.
            FeatureRow(id: "US-UT", minor: [required, consent], adult: [required, notification]),
            FeatureRow(id: "US-LA", minor: [required, consent], adult: [required, notification]),
            // Seed 000: laws that ask for the age; no significant-change feature in any source.
            FeatureRow(id: "US-AL", minor: [required], adult: [required]),
            FeatureRow(id: "US-CA", minor: [required], adult: [required]),
            // Seed 000: "In Brazil, the API returns age categories".
            FeatureRow(id: "BR", minor: [required], adult: [required]),
            // Only the 18+ download rule.
            FeatureRow(id: "AU", minor: [], adult: []),
            FeatureRow(id: "SG", minor: [], adult: []),
            FeatureRow(id: "default", minor: [], adult: []),
        ])
    func featuresAsTheSourcesGiveThem(_ row: FeatureRow) async throws {
        // A day on which every region's date has come.
        let minor = try Self.system(row.id, age: 14, on: "2027-08-01")
        #expect(try await minor.requiredRegulatoryFeatures() == row.minor)
        let adult = try Self.system(row.id, age: 30, on: "2027-08-01")
        #expect(try await adult.requiredRegulatoryFeatures() == row.adult)
    }

    @Test("every region with a date names the source of each fact")
    func sourcesAreNamed() {
        for region in RegionCatalog.standard.regions where region.follows != nil {
            #expect(region.sources?.features != nil, "\(region.id)")
            #expect((region.sources?.law != nil) == (region.lawEffectiveFrom != nil), "\(region.id)")
            #expect((region.sources?.appleRollout != nil) == (region.appleRolloutFrom != nil), "\(region.id)")
        }
    }

    struct StandingRow: Sendable, CustomTestStringConvertible {
        let id: String
        let day: String
        var created: String? = nil
        let text: String
        var testDescription: String { "\(id) \(day) \(created ?? "")" }
    }

    @Test(
        "rule: every answer says which date it follows",
        arguments: [
            StandingRow(
                id: "US-UT", day: "2026-12-03",
                text:
                    "Utah follows Apple's rollout: in effect since 2026-05-06 for new accounts; the law's date is 2027-05-06"
            ),
            StandingRow(
                id: "US-LA", day: "2026-06-30",
                text: "Louisiana follows Apple's rollout: not yet, from 2026-07-01; the law's date is 2027-07-01"),
            StandingRow(
                id: "US-TX", day: "2026-11-30", created: "2025-03-01",
                text: "Texas follows Apple's rollout: in effect since 2026-06-04, but not for this account"
                    + " (created 2025-03-01, new accounts from 2026-01-01); the law's date is 2026-01-01"),
            StandingRow(
                id: "US-AL", day: "2027-01-01",
                text: "Alabama follows the law's date: in effect since 2027-01-01; the sources give no Apple rollout"),
            StandingRow(
                id: "BR", day: "2026-11-30",
                text: "Brazil follows Apple's rollout: in effect since 2026-02-24; the sources give no law's date"),
            StandingRow(
                id: "default", day: "2026-11-30",
                text: "Unregulated region: no law's date and no Apple rollout, the same on every day"),
        ])
    func standingSaysWhichDate(_ row: StandingRow) throws {
        let day = try #require(CalendarDay(parsing: row.day))
        var person = SimulatedPerson.aged(30, today: day)
        person.accountCreated = row.created.flatMap(CalendarDay.init(parsing:))
        #expect(try RegionCatalog.standard.region(row.id).standing(of: person, on: day).text == row.text)
    }
}
