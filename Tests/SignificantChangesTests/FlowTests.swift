import AgeKitSimulator
import AgeSignals
import Foundation
import SignificantChanges
import Testing

@Suite("Significant-change flow")
struct FlowTests {
    typealias F = Fixtures

    @Test("deny then approve a minute later ends approved")
    func denyThenApprove() async {
        let result = await ConsentSimulation(
            F.scenario(guardian: .denyThenApprove(denyAfter: 5 * F.minute, approveAfter: 6 * F.minute))
        ).run()
        let calls = result.flow.progress("calls")
        #expect(calls?.status == .approved)
        #expect(calls?.request?.state == .approved(at: F.t0.addingTimeInterval(6 * F.minute)))
        #expect(calls?.request?.denials == [F.t0.addingTimeInterval(5 * F.minute)])
        #expect(result.flow.blockedScope == nil)
        let entry = result.ledger.entry(for: "calls")
        #expect(entry.resolution == .approved)
        #expect(entry.denials == [F.t0.addingTimeInterval(5 * F.minute)])
        #expect(result.timeline.names.contains("denied"))
    }

    @Test("0 from TestFlight then a real code sets the baseline without a flow")
    func testFlightZeroThenReal() async {
        let result = await ConsentSimulation(
            F.scenario(features: F.parental, installed: "1.10", ratingCodes: [0, 0, 4])
        ).run()
        #expect(result.flow.ratingWatch.baseline == 4)
        #expect(result.flow.ratingWatch.pendingChange == nil)
        #expect(result.permissionCenter.asked.isEmpty)
        #expect(!result.timeline.names.contains("block"))
        #expect(result.flow.pendingIDs.isEmpty)
    }

    @Test("a later different rating raises a change that blocks until approved, then moves the baseline")
    func ratingChangeFlow() async {
        let result = await ConsentSimulation(
            F.scenario(guardian: .approve(after: 5 * F.minute), installed: "1.10", ratingCodes: [4, 5])
        ).run()
        let id = "age-rating-4-to-5"
        #expect(result.permissionCenter.asked.map(\.changeID) == [id])
        #expect(result.flow.progress(id)?.status == .approved)
        #expect(result.flow.ratingWatch.baseline == 5)
        #expect(result.timeline.names.contains("ratingBaselineMoved"))
    }

    @Test("an unresolved rating change keeps the old baseline")
    func ratingBaselineWaits() async {
        let result = await ConsentSimulation(
            F.scenario(guardian: .deny(after: 5 * F.minute), installed: "1.10", ratingCodes: [4, 5])
        ).run()
        #expect(result.flow.ratingWatch.baseline == 4)
        #expect(result.flow.ratingWatch.pendingChange == RatingChange(old: 4, new: 5))
        #expect(result.flow.blockedScope == .wholeApp)
    }

    @Test("an install at or after the introducing version is exempt: no question, counted as acknowledged")
    func installExempt() async {
        let result = await ConsentSimulation(F.scenario(F.catalog, installed: "1.10")).run()
        #expect(result.permissionCenter.asked.isEmpty)
        #expect(Set(result.flow.acknowledgedIDs) == ["calls", "profiles"])
        #expect(result.timeline.names.filter { $0 == "exempt" }.count == 2)
    }

    @Test("an install before a change is asked about that change only")
    func installPartlyExempt() async {
        let result = await ConsentSimulation(F.scenario(F.catalog, installed: "1.9")).run()
        #expect(result.permissionCenter.asked.map(\.changeID) == ["calls"])
        #expect(result.flow.progress("profiles")?.status == .exempt)
    }

    @Test("adults are never sent a guardian question", arguments: [ConsentSubject.confirmedAdult, .unconfirmedAdult])
    func adultsNeverAsked(_ subject: ConsentSubject) async {
        let result = await ConsentSimulation(
            F.scenario(F.catalog, subject: subject, features: F.parental.union(F.notification))
        ).run()
        #expect(result.permissionCenter.asked.isEmpty)
        #expect(result.permissionCenter.refusedForAdult.isEmpty)
        #expect(!result.timeline.names.contains("askGuardian"))
        #expect(Set(result.flow.acknowledgedIDs) == ["calls", "profiles"])
    }

    @Test("rule: a minor never reaches the adult path by an error")
    func minorNeverReachesAdultPathByError() {
        var flow = F.flow()
        let asked = flow.handle(.evaluate(subject: .minor, features: F.parental), at: F.t0).questions
        #expect(asked.count == 1)
        let actions = flow.handle(.askFailed(changeID: "calls", .notAvailable), at: F.t0)
        // Seed 003: route by age before asking; the error itself routes nowhere.
        #expect(flow.decision?.route == .guardianQuestion)
        #expect(!actions.contains { if case .showAcknowledgment = $0 { true } else { false } })
        #expect(actions.contains(.requestAgeRangeAgain(changeID: "calls")))
        #expect(flow.progress("calls")?.isBlocked == true)
        // The minor cannot acknowledge the change themself.
        _ = flow.handle(.acknowledged(changeID: "calls"), at: F.t0)
        #expect(flow.progress("calls")?.status == .pending)
        #expect(flow.blockedScope != nil)
        // The age read again still says minor: still no adult route, still blocked.
        _ = flow.handle(.evaluate(subject: .minor, features: F.parental), at: F.t0)
        #expect(flow.decision?.route == .guardianQuestion)
        #expect(flow.progress("calls")?.isBlocked == true)
        // The age read again says adult: the adult route, chosen by the age.
        _ = flow.handle(.evaluate(subject: .confirmedAdult, features: F.notification), at: F.t0)
        #expect(flow.decision?.route == .acknowledgment(.systemSheet))
    }

    @Test("rule: a minor never reaches the adult path by an error, in the simulator")
    func minorNeverReachesAdultPathInSimulation() async {
        var scenario = F.scenario(subject: .minor)
        scenario.permissionServiceSeesAdult = true
        let stillMinor = await ConsentSimulation(scenario).run()
        #expect(stillMinor.permissionCenter.refusedForAdult.map(\.changeID) == ["calls"])
        #expect(stillMinor.flow.progress("calls")?.status == .pending)
        #expect(stillMinor.flow.blockedScope != nil)
        #expect(stillMinor.acknowledgments.shown.isEmpty)
        #expect(stillMinor.timeline.names.contains("requestAgeRangeAgain"))
        scenario.ageReadAgain = .confirmedAdult
        scenario.features = F.parental.union(F.notification)
        let adult = await ConsentSimulation(scenario).run()
        #expect(adult.flow.decision?.route == .acknowledgment(.systemSheet))
        #expect(adult.flow.progress("calls")?.status == .acknowledged)
    }

    @Test(
        "a pending request without an answer expires at the app's timeout",
        arguments: [GuardianBehavior.never, .childCancels])
    func expiresAtTimeout(_ guardian: GuardianBehavior) async {
        let result = await ConsentSimulation(F.scenario(guardian: guardian, timeout: 2 * F.hour)).run()
        let calls = result.flow.progress("calls")
        #expect(calls?.request?.state == .expired(at: F.t0.addingTimeInterval(2 * F.hour)))
        #expect(calls?.isBlocked == true)
        #expect(result.flow.pendingIDs == ["calls"])
        #expect(
            result.timeline.contains { $0.summary.name == "expired" && $0.at == F.t0.addingTimeInterval(2 * F.hour) })
    }

    @Test("an expired request can be retried with a new question")
    func retryAfterExpiry() {
        var flow = F.flow()
        let first = flow.handle(.evaluate(subject: .minor, features: F.parental), at: F.t0).questions[0]
        _ = flow.handle(.questionSent(changeID: "calls", questionID: first.id), at: F.t0)
        _ = flow.handle(.tick, at: F.t0.addingTimeInterval(3 * F.hour))
        #expect(flow.progress("calls")?.request?.state.name == "expired")
        let retry = flow.handle(.retry(changeID: "calls"), at: F.t0.addingTimeInterval(4 * F.hour))
        #expect(retry.questions.count == 1)
        #expect(retry.questions.first?.id != first.id)
        _ = flow.handle(
            .questionSent(changeID: "calls", questionID: retry.questions[0].id), at: F.t0.addingTimeInterval(4 * F.hour)
        )
        _ = flow.handle(
            .guardianResponse(GuardianResponse(questionID: retry.questions[0].id, approved: true)),
            at: F.t0.addingTimeInterval(5 * F.hour))
        #expect(flow.progress("calls")?.status == .approved)
    }

    @Test(
        "rule 14: an answer after the question's expiry date is ignored; the change stays blocked and can be asked again"
    )
    func lateAnswerIgnored() async {
        let result = await ConsentSimulation(F.scenario(guardian: .late(afterExpiry: F.hour))).run()
        #expect(result.flow.progress("calls")?.status == .pending)
        #expect(result.flow.progress("calls")?.request?.state.name == "expired")
        #expect(result.timeline.names.contains("expired"))
        #expect(result.timeline.contains { $0.summary.name == "ignored" && $0.summary.detail.contains("expiry") })
        #expect(result.flow.blockedScope != nil)
        #expect(result.ledger.entry(for: "calls").resolution == nil)
    }

    @Test("a guardian who approves then denies stays approved; the denial is ignored")
    func approveThenDeny() async {
        let result = await ConsentSimulation(
            F.scenario(guardian: .approveThenDeny(approveAfter: F.minute, denyAfter: 2 * F.minute))
        ).run()
        #expect(result.flow.progress("calls")?.status == .approved)
        #expect(result.ledger.entry(for: "calls").denials.isEmpty)
    }

    @Test("responses to unknown questions are ignored safely")
    func unknownResponses() {
        var flow = F.flow()
        _ = flow.handle(.evaluate(subject: .minor, features: F.parental), at: F.t0)
        let actions = flow.handle(.guardianResponse(GuardianResponse(questionID: "forged", approved: true)), at: F.t0)
        #expect(actions.names == ["ignored"])
        #expect(flow.progress("calls")?.isBlocked == true)
        #expect(flow.pendingIDs == ["calls"])
    }

    @Test("the blocked scope stays blocked until approval")
    func blockedUntilApproval() {
        var flow = F.flow()
        let question = flow.handle(.evaluate(subject: .minor, features: F.parental), at: F.t0).questions[0]
        #expect(flow.blockedScope == .features(["calls"]))
        var steps: [SignificantChangeFlow.Event] = [
            .questionSent(changeID: "calls", questionID: question.id),
            .guardianResponse(GuardianResponse(questionID: question.id, approved: false)),
            .acknowledged(changeID: "calls"), .retry(changeID: "calls"), .tick, .ratingCode(0), .ratingCode(nil),
            .evaluate(subject: .minor, features: F.parental),
        ]
        for step in steps {
            let actions = flow.handle(step, at: F.t0.addingTimeInterval(F.minute))
            #expect(!actions.names.contains("unblock"), "\(step)")
            #expect(flow.blockedScope == .features(["calls"]), "\(step)")
        }
        steps = [.guardianResponse(GuardianResponse(questionID: question.id, approved: true))]
        let actions = flow.handle(steps[0], at: F.t0.addingTimeInterval(2 * F.minute))
        #expect(actions.contains(.unblock(changeID: "calls", .features(["calls"]))))
        #expect(flow.blockedScope == nil)
    }

    @Test("re-evaluating does not send a pending question twice")
    func noDuplicateQuestions() {
        var flow = F.flow()
        let first = flow.handle(.evaluate(subject: .minor, features: F.parental), at: F.t0).questions
        _ = flow.handle(.questionSent(changeID: "calls", questionID: first[0].id), at: F.t0)
        #expect(flow.handle(.evaluate(subject: .minor, features: F.parental), at: F.t0).questions.isEmpty)
    }

    @Test("an empty feature set clears without blocking or recording")
    func emptyFeaturesClear() async {
        let result = await ConsentSimulation(F.scenario(F.catalog, features: [], ratingCodes: [4, 5])).run()
        #expect(result.flow.changes.allSatisfy { $0.status == .cleared })
        #expect(!result.timeline.names.contains("block"))
        #expect(result.ledger.entry(for: "calls") == LedgerEntry())
        #expect(result.flow.ratingWatch.baseline == 5)
    }

    @Test("a change resolved earlier is not asked again")
    func alreadyResolved() {
        var entry = LedgerEntry()
        entry.resolve(.approved, at: F.t0)
        var flow = F.flow(ledger: ["calls": entry])
        let actions = flow.handle(.evaluate(subject: .minor, features: F.parental), at: F.t0)
        #expect(actions.questions.isEmpty)
        #expect(flow.acknowledgedIDs == ["calls"])
    }

    struct RouteRow: Sendable, CustomTestStringConvertible {
        let name: String
        let subject: ConsentSubject
        let features: Set<RegulatoryFeature>
        let capabilities: PlatformCapabilities
        var settings = RoutingSettings.standard
        let expected: SignificantChangeFlow.Action
        var testDescription: String { name }
    }

    @Test(
        "each route asks the app for its own action, and blocks the scope",
        arguments: [
            RouteRow(
                name: "macOS adult notification: in-app notice", subject: .confirmedAdult,
                features: Fixtures.notification,
                capabilities: PlatformCapabilities(platform: .macOS, os: OSVersion(26, 4)),
                expected: .showAcknowledgment(
                    changeID: "calls", description: "Adds calls for everyone in the app", .inAppNotice)),
            RouteRow(
                name: "tvOS: route consent to another device", subject: .minor, features: Fixtures.parental,
                capabilities: PlatformCapabilities(platform: .tvOS, os: OSVersion(26, 4)),
                expected: .routeToOtherDevice(changeID: "calls", description: "Adds calls for everyone in the app")),
            RouteRow(
                name: "watchOS: route acknowledgment to another device", subject: .confirmedAdult,
                features: Fixtures.notification,
                capabilities: PlatformCapabilities(platform: .watchOS, os: OSVersion(26, 4)),
                expected: .routeToOtherDevice(changeID: "calls", description: "Adds calls for everyone in the app")),
            RouteRow(
                name: "declined: explain and offer to share", subject: .declined, features: Fixtures.parental,
                capabilities: Fixtures.iOS, expected: .explainBlocked(changeID: "calls", .shareAgeRangeToContinue)),
            RouteRow(
                name: "unconfirmed adult blocked until verified", subject: .unconfirmedAdult,
                features: Fixtures.notification, capabilities: Fixtures.iOS,
                settings: RoutingSettings(unconfirmedAdult: .blockUntilVerified),
                expected: .explainBlocked(changeID: "calls", .verifyAccountInSettings)),
        ])
    func routeActions(_ row: RouteRow) {
        var flow = F.flow(capabilities: row.capabilities, settings: row.settings)
        let actions = flow.handle(.evaluate(subject: row.subject, features: row.features), at: F.t0)
        #expect(actions.contains(row.expected), "\(actions.names)")
        #expect(actions.contains(.block(changeID: "calls", .features(["calls"]))))
        #expect(actions.questions.isEmpty)
    }

    @Test("declined: retry asks for the age range again, and a new answer re-routes")
    func declinedRetry() {
        var flow = F.flow()
        _ = flow.handle(.evaluate(subject: .declined, features: F.parental), at: F.t0)
        #expect(flow.handle(.retry(changeID: "calls"), at: F.t0) == [.requestAgeRangeAgain(changeID: "calls")])
        let actions = flow.handle(.evaluate(subject: .minor, features: F.parental), at: F.t0)
        #expect(actions.questions.count == 1)
        #expect(flow.blockedScope == .features(["calls"]))
    }

    @Test("acknowledging does not count for a minor who needs a guardian")
    func acknowledgmentNotEnoughForMinor() {
        var flow = F.flow()
        _ = flow.handle(.evaluate(subject: .minor, features: F.parental), at: F.t0)
        #expect(flow.handle(.acknowledged(changeID: "calls"), at: F.t0).names == ["ignored"])
        #expect(flow.pendingIDs == ["calls"])
    }
}
