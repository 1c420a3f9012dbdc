import AgeKitSimulator
import AgeSignals
import Foundation
import SignificantChanges
import Testing

@Suite("Driver and persistence")
struct DriverTests {
    typealias F = Fixtures

    static func driver(
        center: SimulatedPermissionCenter, presenter: SimulatedAcknowledgmentPresenter = .init(),
        codes: [Int?] = [], store: any SyncedKeyValueStore = InMemorySyncedStore()
    ) -> SignificantChangeDriver {
        SignificantChangeDriver(
            flow: F.flow(),
            services: .init(
                permissionCenter: center, acknowledgments: presenter, ratingCodes: RatingCodeSequence(codes),
                ledger: AcknowledgmentLedger(store: store, personID: "child"), clock: SimulatedClock(start: F.t0)))
    }

    /// Yields until `condition` holds (the listener runs in its own task).
    static func eventually(_ condition: () async -> Bool) async -> Bool {
        for _ in 0..<10_000 {
            if await condition() { return true }
            await Task.yield()
        }
        return false
    }

    @Test("the listener keeps listening after a denial and hears the later approval")
    func listenerSurvivesDenial() async {
        let center = SimulatedPermissionCenter(
            behavior: .never, personIsAdult: false, clock: SimulatedClock(start: F.t0))
        let driver = Self.driver(center: center)
        await driver.start(subject: .minor, features: F.parental)
        let question = center.asked[0]
        center.answer(question.id, approved: false)
        #expect(await Self.eventually { await driver.flow.progress("calls")?.request?.state.name == "denied" })
        center.answer(question.id, approved: true)
        #expect(await Self.eventually { await driver.flow.progress("calls")?.status == .approved })
        #expect(await driver.flow.blockedScope == nil)
        await driver.stop()
    }

    @Test("the driver shows the acknowledgment to an adult and records it; a dismissal keeps it blocked")
    func acknowledgment() async {
        let center = SimulatedPermissionCenter(
            behavior: .never, personIsAdult: true, clock: SimulatedClock(start: F.t0))
        let dismissing = SimulatedAcknowledgmentPresenter(acknowledges: false)
        let store = InMemorySyncedStore()
        let driver = Self.driver(center: center, presenter: dismissing, store: store)
        await driver.start(subject: .confirmedAdult, features: F.notification)
        #expect(dismissing.shown.map(\.presentation) == [.systemSheet])
        #expect(await driver.flow.blockedScope == .features(["calls"]))
        dismissing.setAcknowledges(true)
        await driver.send(.retry(changeID: "calls"))
        #expect(await driver.flow.progress("calls")?.status == .acknowledged)
        #expect(AcknowledgmentLedger(store: store, personID: "child").entry(for: "calls").resolution == .acknowledged)
        #expect(center.asked.isEmpty && center.refusedForAdult.isEmpty)
        await driver.stop()
    }

    @Test("the driver reads the ledger first: a change approved earlier is not asked again")
    func ledgerReadAtStart() async {
        let store = InMemorySyncedStore()
        AcknowledgmentLedger(store: store, personID: "child").recordResolution(.approved, for: "calls", at: F.t0)
        let center = SimulatedPermissionCenter(
            behavior: .never, personIsAdult: false, clock: SimulatedClock(start: F.t0))
        let driver = Self.driver(center: center, store: store)
        await driver.start(subject: .minor, features: F.parental)
        #expect(center.asked.isEmpty)
        #expect(await driver.flow.acknowledgedIDs == ["calls"])
        await driver.stop()
    }

    @Test("the driver reads the rating code at start: 0 never becomes the baseline")
    func ratingAtStart() async {
        let center = SimulatedPermissionCenter(
            behavior: .never, personIsAdult: false, clock: SimulatedClock(start: F.t0))
        let driver = Self.driver(center: center, codes: [0, 7])
        await driver.start(subject: .minor, features: [])
        #expect(await driver.flow.ratingWatch.baseline == nil)
        await driver.checkRating()
        #expect(await driver.flow.ratingWatch.baseline == 7)
        await driver.stop()
    }

    @Test("an answer arriving after a relaunch is recognised from the snapshot")
    func snapshotRestoresRequests() throws {
        var flow = F.flow()
        let question = flow.handle(.evaluate(subject: .minor, features: F.parental), at: F.t0).questions[0]
        _ = flow.handle(.questionSent(changeID: "calls", questionID: question.id), at: F.t0)
        let saved = try JSONEncoder().encode(flow.snapshot)

        let snapshot = try JSONDecoder().decode(FlowSnapshot.self, from: saved)
        var relaunched = SignificantChangeFlow(
            catalog: F.single, originalVersion: nil, router: ConsentRouter(capabilities: F.iOS),
            requestTimeout: 2 * F.hour, restoring: snapshot)
        let again = relaunched.handle(.evaluate(subject: .minor, features: F.parental), at: F.t0.addingTimeInterval(60))
        #expect(again.questions.isEmpty, "the pending question is not sent twice")
        #expect(relaunched.blockedScope == .features(["calls"]))
        _ = relaunched.handle(
            .guardianResponse(GuardianResponse(questionID: question.id, approved: true)),
            at: F.t0.addingTimeInterval(120))
        #expect(relaunched.progress("calls")?.status == .approved)
    }

    @Test("a relaunch without the snapshot ignores the old answer rather than trusting it")
    func noSnapshotIgnoresOldAnswer() {
        var relaunched = F.flow()
        _ = relaunched.handle(.evaluate(subject: .minor, features: F.parental), at: F.t0)
        let actions = relaunched.handle(
            .guardianResponse(GuardianResponse(questionID: "calls#7", approved: true)), at: F.t0)
        #expect(actions.names == ["ignored"])
        #expect(relaunched.pendingIDs == ["calls"])
    }
}
