/// What `agekit launch` finds for one cell: the steps with their rules and reasons, and the
/// actions performed in order.
package struct LaunchCellOutcome: Hashable, Sendable, Codable {
    package struct Step: Hashable, Sendable, Codable {
        package var step: String
        package var decision: String
        package var reason: String
        package var rule: String?
    }

    package var steps: [Step]
    package var ageAnswer: String
    package var ageRule: String?
    package var message: String?
    package var trackingPrompt: String
    package var actions: [String]

    package init(_ report: LaunchReport) {
        steps = report.steps.map { Step(step: $0.step, decision: $0.decision, reason: $0.reason, rule: $0.rule) }
        ageAnswer = report.ageAnswer.rawValue
        ageRule = report.ageRule
        message = report.message
        trackingPrompt = report.trackingPrompt
        actions = report.actions
    }

    /// The actions that may only follow an "over" answer.
    package static let afterAgeStep: Set<String> = [
        "refreshConsent", "showConsentForm", "showTrackingPrompt", "startAds", "showNotificationPrompt",
        "requestLocationPermission",
    ]

    package var showsTrackingPrompt: Bool { actions.contains("showTrackingPrompt") }

    /// Whether the sequence stopped at the age step.
    package var stopped: Bool { ageAnswer == "under" }

    package var category: String {
        if stopped { return "stopped" }
        return showsTrackingPrompt ? "tracking" : "over"
    }

    package var code: String {
        if stopped { return message == nil ? "S" : "M" }
        return showsTrackingPrompt ? "T" : "O"
    }

    package var label: String {
        let ran = ["startAds": "ads", "showTrackingPrompt": "tracking prompt", "requestLocationPermission": "location"]
            .filter { actions.contains($0.key) }.map(\.value).sorted()
        return "\(ageAnswer) (\(ageRule ?? "no rule")); tracking \(trackingPrompt); runs: "
            + (ran.isEmpty ? "none" : ran.joined(separator: ", "))
    }
}
