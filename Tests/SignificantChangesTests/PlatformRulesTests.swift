import AgeKitSimulator
import AgeSignals
import Foundation
import SignificantChanges
import Testing

@Suite("platform rules of the change flow")
struct PlatformRulesTests {
    typealias F = Fixtures
    static let texas = try! RegionCatalog.standard.region("US-TX")
    static let vision = PlatformCapabilities(platform: .visionOS, os: OSVersion(26, 4))

    @Test(
        "rule 2: visionOS has the consent flow: a minor in a regulated region gets the guardian question",
        arguments: ["under13-approved", "13to15-approved", "16to17-declined"])
    func visionMinor(persona: String) async throws {
        let answer = ConsentScenario.answer(
            persona: try #require(SandboxPersona.named(persona)), region: Self.texas, capabilities: Self.vision,
            on: CalendarDay(F.t0))
        #expect(answer.subject == .minor)
        #expect(answer.features.contains(.significantAppChangeRequiresParentalConsent))
        let result = await ConsentSimulation(
            F.scenario(subject: answer.subject, features: answer.features, capabilities: Self.vision)
        ).run()
        #expect(result.flow.decision?.route == .guardianQuestion)
        #expect(result.permissionCenter.asked.count == 1)
    }

    @Test(
        "Mac Catalyst: a Texas minor's question goes on the app's PermissionButton, and the guardian's answer unblocks")
    func catalystButton() async throws {
        let catalyst = PlatformCapabilities(platform: .macCatalyst, os: OSVersion(26, 4))
        let answer = ConsentScenario.answer(
            persona: try #require(SandboxPersona.named("13to15-approved")), region: Self.texas,
            capabilities: catalyst, on: CalendarDay(F.t0))
        let result = await ConsentSimulation(
            F.scenario(subject: answer.subject, features: answer.features, capabilities: catalyst)
        ).run()
        #expect(result.flow.decision?.route == .guardianButton)
        #expect(result.flow.decision?.reason.contains("PermissionButton") == true)
        // The simulated child taps the button: the question reaches the guardian, who approves.
        #expect(result.permissionCenter.asked.count == 1)
        #expect(result.flow.changes.allSatisfy { $0.status == .approved })
    }

    @Test("rule 2: on visionOS the rating baseline never moves silently for a minor")
    func visionRatingChange() async {
        let features = RegulatoryFeature.forRouting(
            reported: nil, eligible: nil, subject: .minor, capabilities: Self.vision
        ).features
        let catalog = try! ChangeCatalog(changes: [])
        let result = await ConsentSimulation(
            F.scenario(
                catalog, subject: .minor, features: features, guardian: .never, ratingCodes: [4, 5],
                capabilities: Self.vision)
        ).run()
        #expect(result.flow.ratingWatch.baseline == 4)
        #expect(result.flow.ratingWatch.pendingChange == RatingChange(old: 4, new: 5))
        #expect(result.permissionCenter.asked.map(\.changeID) == ["age-rating-4-to-5"])
    }

    struct SourceRow: Sendable, CustomTestStringConvertible {
        let capabilities: PlatformCapabilities
        let reported: Set<RegulatoryFeature>?
        let eligible: Bool?
        let subject: ConsentSubject
        let features: Set<RegulatoryFeature>
        var testDescription: String {
            "\(capabilities.platform.rawValue) \(capabilities.os) \(subject.rawValue) reported=\(reported?.count ?? -1)"
        }
    }

    @Test(
        "rule 3: where the features come from; a failed authoritative check never reads as nothing required",
        arguments: [
            SourceRow(
                capabilities: F.iOS, reported: nil, eligible: false, subject: .minor,
                features: [.significantAppChangeRequiresParentalConsent]),
            SourceRow(
                capabilities: F.iOS, reported: nil, eligible: true, subject: .confirmedAdult,
                features: [.significantAppChangeRequiresAdultNotification]),
            SourceRow(capabilities: F.iOS, reported: [], eligible: true, subject: .minor, features: []),
            SourceRow(
                capabilities: PlatformCapabilities(platform: .iOS, os: OSVersion(26, 2)), reported: nil, eligible: nil,
                subject: .minor, features: [.significantAppChangeRequiresParentalConsent]),
            SourceRow(
                capabilities: PlatformCapabilities(platform: .iOS, os: OSVersion(26, 3)), reported: nil,
                eligible: false, subject: .minor, features: []),
            SourceRow(
                capabilities: PlatformCapabilities(platform: .visionOS, os: OSVersion(26, 2)), reported: nil,
                eligible: nil, subject: .declined, features: [.significantAppChangeRequiresParentalConsent]),
        ])
    func featureSources(_ row: SourceRow) {
        let (features, _) = RegulatoryFeature.forRouting(
            reported: row.reported, eligible: row.eligible, subject: row.subject, capabilities: row.capabilities)
        #expect(features == row.features)
    }

    @Test(
        "rule 3 in the change flow: a hung or failing requiredRegulatoryFeatures still asks the guardian",
        arguments: [SimulatorFaults.Fault.hang, .error(.network)])
    func failingFeaturesStillAsk(fault: SimulatorFaults.Fault) throws {
        var setup = SimulatedAgeSystem.Setup(
            person: try #require(SandboxPersona.named("13to15-approved")).person(today: CalendarDay(F.t0)),
            region: Self.texas, capabilities: F.iOS)
        setup.faults = SimulatorFaults(eligibility: .error(.notAvailable), regulatoryFeatures: fault)
        let answer = ConsentScenario.answer(setup: setup, on: CalendarDay(F.t0))
        #expect(answer.features.contains(.significantAppChangeRequiresParentalConsent))
        #expect(
            ConsentRouter(capabilities: F.iOS).route(subject: answer.subject, features: answer.features).route
                == .guardianQuestion)
    }

    @Test("rule 15: Mac Catalyst reads no rating code: a real reading there decides nothing")
    func catalystRating() async {
        let catalyst = PlatformCapabilities(platform: .macCatalyst, os: OSVersion(26, 4))
        let result = await ConsentSimulation(
            F.scenario(try! ChangeCatalog(changes: []), ratingCodes: [4, 5], capabilities: catalyst)
        ).run()
        #expect(result.flow.ratingWatch.baseline == nil)
        #expect(result.timeline.allSatisfy { $0.summary.name != "askGuardian" })
    }
}
