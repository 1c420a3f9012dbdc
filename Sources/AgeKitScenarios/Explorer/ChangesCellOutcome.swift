import AgeKitSimulator
import Foundation
import SignificantChanges

/// What `agekit changes` finds for one cell: the route, the guardian requests, and what is
/// pending and blocked when the simulation ends. Times are offsets from the launch, so the
/// same story on two dates is one outcome.
package struct ChangesCellOutcome: Hashable, Sendable, Codable {
    package var subject: String
    package var features: [String]
    package var featuresSource: String
    package var route: String
    package var routeReason: String
    package var applies: [String]
    package var exempt: [String]
    package var pending: [String]
    package var acknowledged: [String]
    package var blocked: [String]
    /// `change: state` per guardian request.
    package var requests: [String]
    /// `+5m askGuardian [change] detail`, in order.
    package var timeline: [String]

    package init(answer: ConsentScenario.PersonaAnswer, result: ConsentSimulation.Result, start: Date) {
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

    package var category: String { route }

    package var code: String {
        switch route {
        case "clear": "-"
        case "guardianQuestion": "G"
        case "guardianButton": "B"
        case "systemAcknowledgment": "A"
        case "inAppNotice": "N"
        case "blockUntilVerified": "V"
        case "blockWithRetry": "R"
        case "otherDevice": "D"
        default: "?"
        }
    }

    package var label: String {
        "\(route); pending: \(pending.isEmpty ? "none" : pending.joined(separator: ","))"
            + "; blocked: \(blocked.isEmpty ? "none" : blocked.joined(separator: ","))"
    }
}
