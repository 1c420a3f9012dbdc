/// What `agekit launch` finds for one cell: the steps with their rules and reasons, and the
/// actions performed in order.
struct LaunchCellOutcome: Hashable, Sendable, Codable {
    struct Step: Hashable, Sendable, Codable {
        var step: String
        var decision: String
        var reason: String
        var rule: String?
    }

    var steps: [Step]
    var ageAnswer: String
    var ageRule: String?
    var message: String?
    var trackingPrompt: String
    var actions: [String]

    init(_ report: LaunchReport) {
        steps = report.steps.map { Step(step: $0.step, decision: $0.decision, reason: $0.reason, rule: $0.rule) }
        ageAnswer = report.ageAnswer.rawValue
        ageRule = report.ageRule
        message = report.message
        trackingPrompt = report.trackingPrompt
        actions = report.actions
    }

    /// The actions that may only follow an "over" answer.
    static let afterAgeStep: Set<String> = [
        "refreshConsent", "showConsentForm", "showTrackingPrompt", "startAds", "showNotificationPrompt",
        "requestLocationPermission",
    ]

    var showsTrackingPrompt: Bool { actions.contains("showTrackingPrompt") }

    /// Whether the sequence stopped at the age step.
    var stopped: Bool { ageAnswer == "under" }

    var category: String {
        if stopped { return "stopped" }
        return showsTrackingPrompt ? "tracking" : "over"
    }

    var code: String {
        if stopped { return message == nil ? "S" : "M" }
        return showsTrackingPrompt ? "T" : "O"
    }

    var label: String {
        let ran = ["startAds": "ads", "showTrackingPrompt": "tracking prompt", "requestLocationPermission": "location"]
            .filter { actions.contains($0.key) }.map(\.value).sorted()
        return "\(ageAnswer) (\(ageRule ?? "no rule")); tracking \(trackingPrompt); runs: "
            + (ran.isEmpty ? "none" : ran.joined(separator: ", "))
    }
}
