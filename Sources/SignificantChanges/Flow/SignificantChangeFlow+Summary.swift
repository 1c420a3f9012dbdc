import Foundation

/// A one-line account of an event or action, for logs and the CLI's timeline.
public struct FlowSummary: Hashable, Sendable {
    /// A stable camel-case name ("guardianResponse", "block").
    public let name: String
    /// The change it concerns, if any.
    public let changeID: String?
    /// The values that matter, in words; empty when there are none.
    public let detail: String

    /// A summary by name, change and detail.
    public init(_ name: String, _ changeID: String? = nil, _ detail: String = "") {
        self.name = name
        self.changeID = changeID
        self.detail = detail
    }
}

extension SignificantChangeFlow.Event {
    /// The event in one line.
    public var summary: FlowSummary {
        switch self {
        case .evaluate(let subject, let features):
            let names = features.map(\.rawValue).sorted().joined(separator: ", ")
            return FlowSummary("evaluate", nil, "\(subject.rawValue); features: [\(names)]")
        case .ledgerChanged(let id, let entry):
            let state = entry.resolution?.rawValue ?? "unresolved"
            return FlowSummary("ledgerChanged", id, "\(state), \(entry.denials.count) denial(s)")
        case .ratingCode(let code): return FlowSummary("ratingCode", nil, code.map(String.init) ?? "nil")
        case .questionSent(let id, let question): return FlowSummary("questionSent", id, question)
        case .askFailed(let id, let error): return FlowSummary("askFailed", id, "\(error)")
        case .guardianResponse(let response):
            return FlowSummary(
                response.approved ? "guardianApproved" : "guardianDenied", nil, "question \(response.questionID)")
        case .childCancelled(let question): return FlowSummary("childCancelled", nil, "question \(question)")
        case .acknowledged(let id): return FlowSummary("acknowledged", id)
        case .retry(let id): return FlowSummary("retry", id)
        case .tick: return FlowSummary("tick")
        }
    }
}

extension SignificantChangeFlow.Action {
    /// The action in one line.
    public var summary: FlowSummary {
        switch self {
        case .routed(let decision): return FlowSummary("route", nil, "\(decision.route.name): \(decision.reason)")
        case .exempt(let id, let version):
            return FlowSummary("exempt", id, "the original install (\(version)) already contained it")
        case .exemptionNotComparable(let id, let reason): return FlowSummary("notExempt", id, reason)
        case .rating(let observation): return FlowSummary("rating", nil, Self.describe(observation))
        case .ratingBaselineMoved(let code): return FlowSummary("ratingBaselineMoved", nil, "baseline is now \(code)")
        case .block(let id, let scope): return FlowSummary("block", id, scope.label)
        case .unblock(let id, let scope): return FlowSummary("unblock", id, scope.label)
        case .askGuardian(let question):
            return FlowSummary("askGuardian", question.changeID, "question \(question.id): \"\(question.description)\"")
        case .showPending(let id, let expiresAt):
            return FlowSummary("pending", id, "expires \(expiresAt.formatted(.iso8601))")
        case .showAcknowledgment(let id, _, let presentation):
            return FlowSummary("showAcknowledgment", id, presentation.rawValue)
        case .explainBlocked(let id, let explanation): return FlowSummary("explainBlocked", id, explanation.rawValue)
        case .routeToOtherDevice(let id, _):
            return FlowSummary("routeToOtherDevice", id, "explain, and give consent on an iPhone, iPad or Mac")
        case .record(let id, let resolution, _): return FlowSummary("record", id, resolution.rawValue)
        case .recordDenial(let id, _): return FlowSummary("recordDenial", id)
        case .showDenied(let id, let retry): return FlowSummary("denied", id, retry ? "retry offered" : "")
        case .showExpired(let id, let retry):
            return FlowSummary("expired", id, "no answer before the app's timeout" + (retry ? "; retry offered" : ""))
        case .showAskFailed(let id, let reason): return FlowSummary("askFailed", id, reason)
        case .requestAgeRangeAgain(let id): return FlowSummary("requestAgeRangeAgain", id)
        case .ended(let id, let status, let reason): return FlowSummary("ended", id, "\(status.rawValue): \(reason)")
        case .ignored(let reason): return FlowSummary("ignored", nil, reason)
        }
    }

    static func describe(_ observation: RatingWatch.Observation) -> String {
        switch observation {
        case .unavailable: "unavailable (nil): nothing decided"
        case .developmentCode: "0 from a development build: never a baseline"
        case .baselineSet(let code): "baseline set to \(code) silently"
        case .unchanged(let code): "unchanged (\(code))"
        case .changed(let change): "changed from \(change.old) to \(change.new)"
        case .stillPending(let change): "change from \(change.old) to \(change.new) still unresolved"
        case .changeWithdrawn(let change): "back to \(change.old) before \(change.new) was resolved"
        }
    }
}
