import AgeKitSimulator
import Foundation
import SignificantChanges
import Testing

@Suite("rule 10: communication limits get their permission request")
struct CommunicationRequestTests {
    static let t0 = Date(timeIntervalSince1970: 1_781_773_200)
    static let hour: TimeInterval = 3600
    static let friend = CommunicationContact(handle: "+15550100", handleKind: .phoneNumber, displayName: "Sam")

    static func asked() -> (CommunicationRequest, CommunicationQuestion) {
        var request = CommunicationRequest(feature: "messages", contacts: [friend], timeout: 2 * hour)
        let actions = request.handle(.ask, at: t0)
        guard case .askGuardian(let question) = actions.first else { fatalError("no question in \(actions)") }
        return (request, question)
    }

    @Test("asked, then pending once the system returns, then approved: only the approval unlocks")
    func askedPendingApproved() {
        var (request, question) = Self.asked()
        #expect(request.state == .asked(questionID: question.id, at: Self.t0))
        #expect(question.feature == "messages" && question.contacts == [Self.friend] && question.actions == [.message])
        #expect(question.expiresAt == Self.t0.addingTimeInterval(2 * Self.hour))
        let pending = request.handle(.askReturned(questionID: question.id, .handedOver), at: Self.t0)
        #expect(pending == [.showPending(expiresAt: question.expiresAt)])
        #expect(request.state.name == "pending")
        #expect(!request.canAsk)
        let approved = request.handle(
            .response(GuardianResponse(questionID: question.id, approved: true)), at: Self.t0.addingTimeInterval(60))
        #expect(approved == [.unlock])
        #expect(request.isApproved)
    }

    @Test("denied, and a guardian who changes their mind before the expiry is still heard")
    func deniedThenApproved() {
        var (request, question) = Self.asked()
        _ = request.handle(.askReturned(questionID: question.id, .sent), at: Self.t0)
        let denied = request.handle(
            .response(GuardianResponse(questionID: question.id, approved: false)), at: Self.t0.addingTimeInterval(60))
        #expect(denied == [.showDenied(canRetry: true)])
        #expect(request.state.name == "denied" && request.canAsk)
        let approved = request.handle(
            .response(GuardianResponse(questionID: question.id, approved: true)), at: Self.t0.addingTimeInterval(120))
        #expect(approved == [.unlock])
        #expect(request.denials == [Self.t0.addingTimeInterval(60)])
    }

    @Test("the child cancelled without sending: a state of its own, and asking again is offered")
    func childCancelled() {
        var (request, question) = Self.asked()
        #expect(
            request.handle(.askReturned(questionID: question.id, .cancelled), at: Self.t0) == [
                .showCancelled(canRetry: true)
            ])
        #expect(request.state == .cancelled(at: Self.t0))
        guard case .askGuardian(let second) = request.handle(.ask, at: Self.t0.addingTimeInterval(5)).first else {
            Issue.record("no second question")
            return
        }
        #expect(second.id != question.id)
    }

    @Test("a cancel the system does not report ends at the question's expiry; a later answer does not count")
    func silentCancelExpires() {
        var (request, question) = Self.asked()
        _ = request.handle(.askReturned(questionID: question.id, .handedOver), at: Self.t0)
        #expect(request.handle(.tick, at: question.expiresAt.addingTimeInterval(-1)).isEmpty)
        #expect(request.handle(.tick, at: question.expiresAt) == [.showExpired(canRetry: true)])
        let late = request.handle(
            .response(GuardianResponse(questionID: question.id, approved: true)),
            at: question.expiresAt.addingTimeInterval(1))
        #expect(!late.contains(.unlock))
        #expect(request.state.name == "expired" && request.canAsk)
    }

    @Test("answers to questions this request never asked are ignored")
    func unknownQuestion() {
        var (request, _) = Self.asked()
        let actions = request.handle(.response(GuardianResponse(questionID: "other", approved: true)), at: Self.t0)
        #expect(!actions.contains(.unlock))
        #expect(request.state.name == "asked")
    }

    struct FailureRow: Sendable, CustomTestStringConvertible {
        let error: PermissionAskError
        let rule: AskErrorRule
        let canRetry: Bool
        let refreshes: Bool
        var testDescription: String { error.name }
    }

    @Test(
        "rule 16: every published AskError case has its handling, and none unlocks",
        arguments: [
            FailureRow(error: .notAvailable, rule: .readAgeAgain, canRetry: false, refreshes: true),
            FailureRow(error: .communicationLimitsNotEnabled, rule: .refreshAgeRange, canRetry: false, refreshes: true),
            FailureRow(error: .contactSyncNotSetup, rule: .setUpContactSync, canRetry: true, refreshes: false),
            FailureRow(error: .invalidQuestion, rule: .programmerError, canRetry: false, refreshes: false),
            FailureRow(error: .systemError("xpc"), rule: .retryLater, canRetry: true, refreshes: false),
            FailureRow(error: .unknown("unknown"), rule: .retryLater, canRetry: true, refreshes: false),
            FailureRow(error: .unknown("aLaterCase"), rule: .retryLater, canRetry: true, refreshes: false),
        ])
    func askFailures(_ row: FailureRow) {
        #expect(AskErrorRule(row.error) == row.rule)
        var (request, question) = Self.asked()
        let actions = request.handle(.askFailed(questionID: question.id, row.error), at: Self.t0)
        #expect(actions.first == .showAskFailed(row.rule, canRetry: row.canRetry))
        #expect(actions.contains(.refreshAgeRange) == row.refreshes)
        #expect(!actions.contains(.unlock))
        #expect(request.canAsk == row.canRetry)
    }

    @Test("rule 16: the mirror names every published AskError case")
    func everyPublishedCase() {
        #expect(
            PermissionAskError.knownCases.map(\.name).sorted() == [
                "communicationLimitsNotEnabled", "contactSyncNotSetup", "invalidQuestion", "notAvailable",
                "systemError", "unknown",
            ])
        for error in PermissionAskError.knownCases { #expect(PermissionAskError(name: error.name)?.name == error.name) }
    }

    @Test("through the simulated center: asked, pending, and the guardian's answer when its time comes")
    func simulatedCenter() async throws {
        let center = SimulatedCommunicationCenter(
            behavior: .denyThenApprove(denyAfter: 60, approveAfter: 120), clock: SimulatedClock(start: Self.t0))
        var (request, question) = Self.asked()
        let result = try await center.ask(question)
        #expect(result == .handedOver)
        _ = request.handle(.askReturned(questionID: question.id, result), at: Self.t0)
        var actions: [CommunicationRequest.Action] = []
        for response in center.deliverResponses(until: .distantFuture) {
            actions += request.handle(.response(response), at: Self.t0.addingTimeInterval(120))
        }
        #expect(actions == [.showDenied(canRetry: true), .unlock])
        #expect(center.asked.map(\.id) == [question.id])
    }

    @Test("the simulated center reports a cancel from 27.0, throws the configured AskError, and never answers a cancel")
    func simulatedCenterCancelAndErrors() async throws {
        let cancelling = SimulatedCommunicationCenter(
            behavior: .childCancels, reportsCancel: true, clock: SimulatedClock(start: Self.t0))
        let (_, question) = Self.asked()
        #expect(try await cancelling.ask(question) == .cancelled)
        #expect(cancelling.deliverResponses(until: .distantFuture).isEmpty)
        let off = SimulatedCommunicationCenter(
            behavior: .approve(after: 1), error: .communicationLimitsNotEnabled, clock: SimulatedClock(start: Self.t0))
        await #expect(throws: PermissionAskError.communicationLimitsNotEnabled) { try await off.ask(question) }
        #expect(off.asked.isEmpty)
    }
}
