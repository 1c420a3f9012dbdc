import AgeGating
import AgeSignals
import Foundation
import Testing

@testable import AgeKitSimulator

@Suite("rule 13: the region catalog keeps both dates")
struct RegionDatesTests {
    struct DateRow: Sendable, CustomTestStringConvertible {
        let id: String
        let law: String?
        let apple: String?
        let newAccountsOnly: Bool
        var testDescription: String { id }
    }

    @Test(
        "when the law takes effect and when Apple's rollout starts; the system follows Apple's where it has one",
        arguments: [
            DateRow(id: "US-TX", law: "2026-01-01", apple: "2026-06-04", newAccountsOnly: true),
            DateRow(id: "US-UT", law: "2027-05-06", apple: "2026-05-06", newAccountsOnly: true),
            DateRow(id: "US-LA", law: "2027-07-01", apple: "2026-07-01", newAccountsOnly: true),
            DateRow(id: "US-AL", law: "2027-01-01", apple: nil, newAccountsOnly: false),
            DateRow(id: "US-CA", law: "2027-01-01", apple: nil, newAccountsOnly: false),
            DateRow(id: "BR", law: nil, apple: "2026-02-24", newAccountsOnly: false),
            DateRow(id: "AU", law: nil, apple: "2026-02-24", newAccountsOnly: false),
            DateRow(id: "SG", law: nil, apple: "2026-02-24", newAccountsOnly: false),
            DateRow(id: "default", law: nil, apple: nil, newAccountsOnly: false),
        ])
    func bothDates(_ row: DateRow) throws {
        let region = try RegionCatalog.standard.region(row.id)
        #expect(region.lawEffectiveFrom?.description == row.law)
        #expect(region.appleRolloutFrom?.description == row.apple)
        #expect((region.newAccountsOnly == true) == row.newAccountsOnly)
        // Changed with issue 36 item 12: the system used to start at the later date, so Utah
        // and Louisiana waited for the laws that moved; a device follows Apple's rollout.
        #expect(region.inEffectFrom?.description == (row.apple ?? row.law))
        #expect(region.follows == (row.apple != nil ? .appleRollout : row.law != nil ? .law : nil))
    }

    @Test("California: a received signal is actual knowledge of the age range")
    func actualKnowledge() throws {
        #expect(try RegionCatalog.standard.region("US-CA").signalIsActualKnowledge == true)
        #expect(try RegionCatalog.standard.region("US-TX").signalIsActualKnowledge != true)
    }

    @Test(
        "Texas applies to new accounts: an account older than the law is not regulated, an unknown one is",
        arguments: [("2025-03-01", false), ("2026-06-04", true), (nil, true)] as [(String?, Bool)])
    func newAccounts(created: String?, regulated: Bool) async throws {
        var person = try #require(SandboxPersona.named("13to15-approved")).person(today: CalendarDay(2026, 11, 30)!)
        person.accountCreated = created.flatMap(CalendarDay.init(parsing:))
        let system = SimulatedAgeSystem(
            .init(
                person: person, region: try RegionCatalog.standard.region("US-TX"),
                capabilities: PlatformCapabilities(platform: .iOS, os: OSVersion(26, 4))))
        let features = try await system.requiredRegulatoryFeatures()
        #expect(features.contains(.declaredAgeRangeRequired) == regulated)
        #expect(try await system.isEligibleForAgeFeatures() == regulated)
    }

    @Test("every region's cadence rule parses")
    func cadenceRules() {
        for region in RegionCatalog.standard.regions where region.cadenceRule != nil {
            #expect(region.parsedCadenceRule != nil, "\(region.id)")
        }
        #expect(try! RegionCatalog.standard.region("US-AL").parsedCadenceRule == .atMostEvery(months: 12))
    }
}
