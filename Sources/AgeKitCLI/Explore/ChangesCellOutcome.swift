import AgeKitSimulator
import Foundation
import SignificantChanges

/// What `agekit changes` finds for one cell: the route, the guardian requests, and what is
/// pending and blocked when the simulation ends. Times are offsets from the launch, so the
/// same story on two dates is one outcome.
struct ChangesCellOutcome: Hashable, Sendable, Codable {
    var subject: String
    var features: [String]
    var featuresSource: String
    var route: String
    var routeReason: String
    var applies: [String]
    var exempt: [String]
    var pending: [String]
    var acknowledged: [String]
    var blocked: [String]
    /// `change: state` per guardian request.
    var requests: [String]
    /// `+5m askGuardian [change] detail`, in order.
    var timeline: [String]

    init(answer: ConsentScenario.PersonaAnswer, result: ConsentSimulation.Result, start: Date) {
        let flow = result.flow
        subject = answer.subject.rawValue
        features = answer.features.map(\.rawValue).sorted()
        featuresSource = answer.featuresSource
        route = flow.decision?.route.name ?? "none"
        routeReason = flow.decision?.reason ?? ""
        applies = flow.changes.filter { $0.status != .exempt }.map(\.id)
        exempt = flow.changes.filter { $0.status == .exempt }.map(\.id)
        pending = flow.pendingIDs
        acknowledged = flow.acknowledgedIDs
        blocked = flow.blockedScope?.names ?? []
        requests = flow.changes.compactMap { progress in
            progress.request.map { "\(progress.id): \($0.state.name)" }
        }
        timeline = result.timeline.map { entry in
            let minutes = Int((entry.at.timeIntervalSince(start) / 60).rounded())
            let change = entry.summary.changeID.map { " [\($0)]" } ?? ""
            let detail = entry.summary.detail.isEmpty ? "" : " \(entry.summary.detail)"
            return "+\(minutes)m \(entry.kind.rawValue) \(entry.summary.name)\(change)\(detail)"
        }
    }

    var category: String { route }

    var code: String {
        switch route {
        case "clear": "-"
        case "guardianQuestion": "G"
        case "systemAcknowledgment": "A"
        case "inAppNotice": "N"
        case "blockUntilVerified": "V"
        case "blockWithRetry": "R"
        case "otherDevice": "D"
        default: "?"
        }
    }

    var label: String {
        "\(route); pending: \(pending.isEmpty ? "none" : pending.joined(separator: ","))"
            + "; blocked: \(blocked.isEmpty ? "none" : blocked.joined(separator: ","))"
    }
}
