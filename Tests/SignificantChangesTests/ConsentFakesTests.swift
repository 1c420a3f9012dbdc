import AgeKitSimulator
import AgeSignals
import Foundation
import SignificantChanges
import Testing

@Suite("Consent fakes in the simulator")
struct ConsentFakesTests {
    typealias F = Fixtures

    static func question(_ id: String = "q1") -> GuardianQuestion {
        GuardianQuestion(
            id: id, changeID: "calls", description: "Adds calls", expiresAt: F.t0.addingTimeInterval(F.hour))
    }

    struct BehaviorRow: Sendable, CustomTestStringConvertible {
        let name: String
        let answers: [Bool]
        let offsets: [TimeInterval]
        var testDescription: String { name }
    }

    @Test(
        "guardian behaviours schedule their answers",
        arguments: [
            BehaviorRow(name: "approve", answers: [true], offsets: [300]),
            BehaviorRow(name: "deny", answers: [false], offsets: [300]),
            BehaviorRow(name: "never", answers: [], offsets: []),
            BehaviorRow(name: "cancel", answers: [], offsets: []),
            BehaviorRow(name: "deny-then-approve", answers: [false, true], offsets: [300, 360]),
            BehaviorRow(name: "approve-then-deny", answers: [true, false], offsets: [300, 360]),
            BehaviorRow(name: "late", answers: [true], offsets: [2 * 3600]),
        ])
    func behaviours(_ row: BehaviorRow) async throws {
        let behavior = try #require(GuardianBehavior(name: row.name))
        let center = SimulatedPermissionCenter(
            behavior: behavior, personIsAdult: false, clock: SimulatedClock(start: F.t0))
        try await center.ask(Self.question())
        let due = center.deliverResponses(until: .distantFuture)
        #expect(due.map(\.response.approved) == row.answers)
        #expect(due.map { $0.at.timeIntervalSince(F.t0) } == row.offsets)
        #expect(center.nextResponseTime == nil)
        #expect(center.cancelledByChild.count == (row.name == "cancel" ? 1 : 0))
    }

    @Test("unknown behaviour names are rejected")
    func unknownBehaviour() {
        #expect(GuardianBehavior(name: "maybe") == nil)
    }

    @Test("the center throws notAvailable for adults and never reaches a guardian")
    func adultsRefused() async {
        let center = SimulatedPermissionCenter(
            behavior: .approve(after: 1), personIsAdult: true, clock: SimulatedClock(start: F.t0))
        await #expect(throws: PermissionAskError.notAvailable) { try await center.ask(Self.question()) }
        #expect(center.asked.isEmpty)
        #expect(center.refusedForAdult.count == 1)
    }

    @Test("responses are delivered only when due, and listeners hear every one after a denial")
    func listenersKeepListening() async throws {
        let center = SimulatedPermissionCenter(
            behavior: .denyThenApprove(denyAfter: 60, approveAfter: 120), personIsAdult: false,
            clock: SimulatedClock(start: F.t0))
        let stream = center.responses()
        try await center.ask(Self.question())
        #expect(center.deliverResponses(until: F.t0.addingTimeInterval(59)).isEmpty)
        #expect(center.deliverResponses(until: F.t0.addingTimeInterval(60)).count == 1)
        #expect(center.deliverResponses(until: F.t0.addingTimeInterval(120)).count == 1)
        var heard: [Bool] = []
        for await response in stream {
            heard.append(response.approved)
            if heard.count == 2 { break }
        }
        #expect(heard == [false, true])
    }

    @Test("rating code sequences read in order and repeat the last value")
    func ratingSequence() async throws {
        let codes = try RatingCodeSequence(parsing: "nil, 0,4,5")
        var read: [Int?] = []
        for _ in 0..<5 { read.append(await codes.ageRatingCode()) }
        #expect(read == [nil, 0, 4, 5, 5])
        #expect(RatingCodeSequence([]).next() == nil)
    }

    @Test("bad rating sequences name the item", arguments: ["4,x", "-1", "4,,5"])
    func badRatingSequence(_ text: String) {
        #expect(throws: SimulatorError(.invalidConsentInput, "")) { try RatingCodeSequence(parsing: text) }
    }

    @Test("a synced cloud holds writes until sync in manual mode")
    func manualCloud() {
        let cloud = SyncedCloud(delivery: .manual)
        let phone = cloud.device("phone")
        let tablet = cloud.device("tablet")
        phone.set("1", forKey: "k")
        #expect(tablet.string(forKey: "k") == nil)
        #expect(cloud.snapshot["k"] == "1")
        cloud.sync()
        #expect(tablet.string(forKey: "k") == "1")
        #expect(cloud.device("laptop").string(forKey: "k") == "1")
    }

    @Test("persona answers: minors in Texas get parental consent, confirmed adults with the switch get notification")
    func personaAnswers() throws {
        let texas = try RegionCatalog.standard.region("US-TX")
        let day = CalendarDay(F.t0)
        let minor = ConsentScenario.answer(
            persona: try #require(SandboxPersona.named("13to15-approved")), region: texas, capabilities: F.iOS, on: day)
        #expect(minor.subject == .minor)
        #expect(minor.features.contains(.significantAppChangeRequiresParentalConsent))
        let declined = ConsentScenario.answer(
            persona: try #require(SandboxPersona.named("16to17-declined")), region: .unregulated, capabilities: F.iOS,
            on: day)
        #expect(declined.guardian == .deny(after: 300))
        let adult = ConsentScenario.answer(
            persona: try #require(SandboxPersona.named("adult-confirmed-notification")), region: .unregulated,
            capabilities: F.iOS, on: day)
        #expect(adult.subject == .confirmedAdult)
        #expect(adult.features == [.significantAppChangeRequiresAdultNotification])
        let selfDeclared = ConsentScenario.answer(
            persona: try #require(SandboxPersona.named("adult-self-declared")), region: texas, capabilities: F.iOS,
            on: day)
        #expect(selfDeclared.subject == .unconfirmedAdult)
        #expect(!selfDeclared.features.contains(.significantAppChangeRequiresParentalConsent))
        let older = ConsentScenario.answer(
            persona: try #require(SandboxPersona.named("13to15-approved")), region: texas,
            capabilities: PlatformCapabilities(platform: .iOS, os: OSVersion(26, 2)), on: day)
        #expect(older.features == [.significantAppChangeRequiresParentalConsent])
    }
}
