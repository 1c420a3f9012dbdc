import AgeSignals
import Foundation
import Testing

@testable import AgeKitSimulator

private let gates = try! AgeGates([13, 16, 18])

@Suite("regions: law bands override the app's gates; some regions cannot decline; a regional maximum applies")
struct RegionTests {
    @Test(
        "the catalog data file has every required region",
        arguments: ["default", "US-TX", "US-UT", "US-LA", "US-AL", "US-CA", "BR", "AU", "SG"])
    func catalog(id: String) throws {
        #expect(try RegionCatalog.standard.region(id).id == id)
    }

    @Test("unknown regions are an error, not a default")
    func unknownRegion() {
        #expect(throws: SimulatorError(.unknownRegion, "")) { try RegionCatalog.standard.region("US-XX") }
    }

    @Test(
        "a broken catalog is rejected with a reason",
        arguments: ["", "{}", "{\"version\":2,\"regions\":[]}", "{\"version\":1,\"regions\":[]}"])
    func brokenCatalog(json: String) {
        #expect(throws: SimulatorError(.invalidCatalog, "")) { try RegionCatalog(json: Data(json.utf8)) }
    }

    static let bandsRegion = Region(id: "X", name: "Bands", regulated: true, lawBands: [12, 14, 18], canDecline: false)

    @Test(
        "law bands override the app's gates: ranges may start at 12 or 14",
        arguments: [(10, nil, 11), (12, 12, 13), (13, 12, 13), (14, 14, 17), (17, 14, 17), (30, 18, nil)]
            as [(Int, Int?, Int?)])
    func lawBands(age: Int, lower: Int?, upper: Int?) async throws {
        let clock = SimulatedClock()
        let system = SimulatedAgeSystem(
            .init(person: .aged(age, today: clock.today), region: Self.bandsRegion), clock: clock)
        guard case .sharing(let range) = try await system.requestAgeRange(gates: gates) else {
            Issue.record("expected a range")
            return
        }
        #expect(range.lowerBound == lower)
        #expect(range.upperBound == upper)
    }

    @Test("a regional maximum lowers gates above it", arguments: [(20, 18, nil), (17, 16, 17)] as [(Int, Int?, Int?)])
    func regionalMaximum(age: Int, lower: Int?, upper: Int?) async throws {
        let clock = SimulatedClock()
        let system = SimulatedAgeSystem(.init(person: .aged(age, today: clock.today)), clock: clock)
        let response = try await system.requestAgeRange(gates: try AgeGates([13, 16, 21]))
        #expect(response == .sharing(AgeRange(lowerBound: lower, upperBound: upper, declaration: .selfDeclared)))
    }

    @Test("in regions where a person cannot decline, the range is shared anyway", arguments: ["US-TX", "BR"])
    func cannotDecline(id: String) async throws {
        let clock = SimulatedClock()
        let person = SimulatedPerson.aged(14, today: clock.today, declaration: .guardianDeclared, sharing: .declines)
        let system = SimulatedAgeSystem(
            .init(person: person, region: try RegionCatalog.standard.region(id)), clock: clock)
        #expect(try await system.requestAgeRange(gates: gates) != .declinedSharing)
        system.update { $0.region = .unregulated }
        #expect(try await system.requestAgeRange(gates: gates) == .declinedSharing)
    }

    // Was "before 2027-05-06", the law's date; the system follows Apple's rollout (issue 36).
    @Test("a region applies from the date it follows: Utah is unregulated before Apple's rollout, 2026-05-06")
    func inEffect() async throws {
        let clock = SimulatedClock(start: CalendarDay(2026, 5, 5)!.date)
        let system = SimulatedAgeSystem(
            persona: SandboxPersona.named("13to15-approved")!, region: try RegionCatalog.standard.region("US-UT"),
            capabilities: PlatformCapabilities(platform: .iOS, os: OSVersion(26, 4)), clock: clock)
        #expect(try await system.isEligibleForAgeFeatures() == false)
        #expect(try await system.requiredRegulatoryFeatures().contains(.declaredAgeRangeRequired) == false)
        clock.advance(days: 1)
        #expect(try await system.isEligibleForAgeFeatures())
        #expect(
            try await system.requiredRegulatoryFeatures()
                == [.declaredAgeRangeRequired, .significantAppChangeRequiresParentalConsent])
    }

    @Test("regulatory features differ for minors and adults")
    func featuresByAge() async throws {
        let clock = SimulatedClock()
        let texas = try RegionCatalog.standard.region("US-TX")
        let adult = SimulatedAgeSystem(.init(person: .aged(30, today: clock.today), region: texas), clock: clock)
        #expect(try await adult.requiredRegulatoryFeatures() == [.declaredAgeRangeRequired])
        let minor = SimulatedAgeSystem(.init(person: .aged(12, today: clock.today), region: texas), clock: clock)
        #expect(
            try await minor.requiredRegulatoryFeatures()
                == [.declaredAgeRangeRequired, .significantAppChangeRequiresParentalConsent])
    }
}
