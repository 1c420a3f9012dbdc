import Foundation
import SignificantChanges
import Testing

@Suite("Guardian request lifecycle")
struct GuardianRequestTests {
    static let t0 = Date(timeIntervalSince1970: 1_781_773_200)
    static let hour: TimeInterval = 3600

    static func sent() -> GuardianRequest {
        var request = GuardianRequest(changeID: "calls", timeout: 2 * hour)
        _ = request.handle(.questionSent(id: "q1"), at: t0)
        return request
    }

    @Test("starts not asked; sending makes it pending with sent and expiry times")
    func pending() {
        var request = GuardianRequest(changeID: "calls", timeout: 2 * Self.hour)
        #expect(request.state == .notAsked)
        #expect(request.start(at: Self.t0) == [.askGuardian(expiresAt: Self.t0.addingTimeInterval(2 * Self.hour))])
        let actions = request.handle(.questionSent(id: "q1"), at: Self.t0)
        #expect(request.state == .pending(sentAt: Self.t0, expiresAt: Self.t0.addingTimeInterval(2 * Self.hour)))
        #expect(actions == [.showPending(expiresAt: Self.t0.addingTimeInterval(2 * Self.hour))])
    }

    @Test("deny then approve a minute later ends approved")
    func denyThenApprove() {
        var request = Self.sent()
        let denied = request.handle(.response(questionID: "q1", approved: false), at: Self.t0.addingTimeInterval(60))
        #expect(request.state == .denied(at: Self.t0.addingTimeInterval(60)))
        #expect(denied.contains(.recordDenial(at: Self.t0.addingTimeInterval(60))))
        #expect(!denied.contains(.unblock))
        let approved = request.handle(
            .response(questionID: "q1", approved: true), at: Self.t0.addingTimeInterval(120))
        #expect(request.state == .approved(at: Self.t0.addingTimeInterval(120)))
        #expect(approved == [.recordApproval(at: Self.t0.addingTimeInterval(120)), .unblock])
        #expect(request.denials == [Self.t0.addingTimeInterval(60)])
    }

    @Test("a pending request without an answer expires at the app's timeout, with a retry path")
    func expiresAtTimeout() {
        var request = Self.sent()
        #expect(request.handle(.tick, at: Self.t0.addingTimeInterval(2 * Self.hour - 1)).isEmpty)
        #expect(request.state.name == "pending")
        let actions = request.handle(.tick, at: Self.t0.addingTimeInterval(2 * Self.hour))
        #expect(actions == [.showExpired(canRetry: true)])
        #expect(request.state == .expired(at: Self.t0.addingTimeInterval(2 * Self.hour)))
        let retry = request.handle(.retry, at: Self.t0.addingTimeInterval(3 * Self.hour))
        #expect(retry == [.askGuardian(expiresAt: Self.t0.addingTimeInterval(5 * Self.hour))])
        #expect(request.state == .notAsked)
    }

    @Test("a child's reported cancellation expires the request at once")
    func childCancelled() {
        var request = Self.sent()
        #expect(request.handle(.childCancelled(questionID: "q1"), at: Self.t0) == [.showExpired(canRetry: true)])
        #expect(request.state.name == "expired")
    }

    @Test("responses to unknown questions are ignored safely")
    func unknownQuestion() {
        var request = Self.sent()
        let actions = request.handle(.response(questionID: "other", approved: true), at: Self.t0)
        #expect(request.state.name == "pending")
        guard case .ignored = actions.first, actions.count == 1 else {
            Issue.record("expected one ignored action, got \(actions)")
            return
        }
    }

    struct LateRow: Sendable, CustomTestStringConvertible {
        let ticked: Bool
        let approved: Bool
        let after: TimeInterval
        var testDescription: String { "\(approved ? "approval" : "denial") \(after) s past expiry, ticked=\(ticked)" }
    }

    @Test(
        "rule 14: answers after the question's expiry date are ignored; the request stays expired and can be asked again",
        arguments: [
            LateRow(ticked: true, approved: true, after: 3600), LateRow(ticked: false, approved: true, after: 0),
            LateRow(ticked: false, approved: false, after: 60), LateRow(ticked: true, approved: false, after: 1),
        ])
    func lateAnswerIgnored(_ row: LateRow) {
        var request = Self.sent()
        let expiry = Self.t0.addingTimeInterval(2 * Self.hour)
        if row.ticked { _ = request.handle(.tick, at: expiry) }
        let actions = request.handle(
            .response(questionID: "q1", approved: row.approved), at: expiry.addingTimeInterval(row.after))
        #expect(!actions.contains(.unblock))
        #expect(!request.isApproved)
        #expect(request.denials.isEmpty)
        #expect(request.state.name == "expired")
        #expect(actions.contains { if case .ignored = $0 { true } else { false } })
        #expect(request.handle(.retry, at: expiry.addingTimeInterval(row.after)).count == 1)
        #expect(request.state == .notAsked)
    }

    @Test("an answer just before the expiry date still counts")
    func answerBeforeExpiry() {
        var request = Self.sent()
        let actions = request.handle(
            .response(questionID: "q1", approved: true), at: Self.t0.addingTimeInterval(2 * Self.hour - 1))
        #expect(actions.contains(.unblock))
    }

    @Test("a request stored before expiry dates were kept still decodes")
    func decodesOldSnapshot() throws {
        let old = #"{"changeID":"calls","timeout":7200,"state":{"notAsked":{}},"questionIDs":[],"denials":[]}"#
        let request = try JSONDecoder().decode(GuardianRequest.self, from: Data(old.utf8))
        #expect(request.state == .notAsked)
        #expect(request.expiries.isEmpty)
    }

    @Test("only an approval unblocks: denial, expiry, retry and cancellation never do")
    func onlyApprovalUnblocks() {
        var request = Self.sent()
        var all: [GuardianRequest.Action] = []
        all += request.handle(.response(questionID: "q1", approved: false), at: Self.t0)
        all += request.handle(.retry, at: Self.t0)
        all += request.handle(.questionSent(id: "q2"), at: Self.t0)
        all += request.handle(.childCancelled(questionID: "q2"), at: Self.t0)
        all += request.handle(.tick, at: Self.t0.addingTimeInterval(10 * Self.hour))
        all += request.handle(.response(questionID: "unknown", approved: true), at: Self.t0)
        #expect(!all.contains(.unblock))
        #expect(!request.isApproved)
    }

    @Test("after approval a denial is ignored: withdrawal is the server's RESCIND_CONSENT")
    func denialAfterApproval() {
        var request = Self.sent()
        _ = request.handle(.response(questionID: "q1", approved: true), at: Self.t0)
        let actions = request.handle(.response(questionID: "q1", approved: false), at: Self.t0.addingTimeInterval(60))
        #expect(request.isApproved)
        #expect(!actions.contains(.recordDenial(at: Self.t0.addingTimeInterval(60))))
    }

    @Test("a denial of an older question while a newer one is out is recorded but keeps it pending")
    func olderQuestionDenial() {
        var request = Self.sent()
        _ = request.handle(.response(questionID: "q1", approved: false), at: Self.t0.addingTimeInterval(Self.hour / 2))
        _ = request.handle(.retry, at: Self.t0.addingTimeInterval(Self.hour / 2))
        _ = request.handle(.questionSent(id: "q2"), at: Self.t0.addingTimeInterval(Self.hour / 2))
        let actions = request.handle(
            .response(questionID: "q1", approved: false), at: Self.t0.addingTimeInterval(Self.hour))
        #expect(actions == [.recordDenial(at: Self.t0.addingTimeInterval(Self.hour))])
        #expect(request.state.name == "pending")
        #expect(request.questionIDs == ["q1", "q2"])
    }

    @Test("approval on another device approves without recording again")
    func approvedElsewhere() {
        var request = Self.sent()
        #expect(request.handle(.approvedElsewhere, at: Self.t0) == [.unblock])
        #expect(request.isApproved)
    }

    @Test("retry is ignored while pending")
    func retryWhilePending() {
        var request = Self.sent()
        let actions = request.handle(.retry, at: Self.t0)
        guard case .ignored = actions.first else {
            Issue.record("expected ignored, got \(actions)")
            return
        }
        #expect(request.state.name == "pending")
    }
}
