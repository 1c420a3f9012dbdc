import AgeGating
import AgeSignals
import Foundation
import PrivacyLaunch

/// What `agekit launch` prints: the ordered steps, the answer, the message, the tracking
/// prompt and the guard table, as text or JSON.
package struct LaunchReport: Encodable {
    package struct Step: Encodable {
        package let step: String
        package let decision: String
        package let reason: String
        package let rule: String?

        package func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(step, forKey: .step)
            try container.encode(decision, forKey: .decision)
            try container.encode(reason, forKey: .reason)
            try container.encode(rule, forKey: .rule)
        }

        package enum CodingKeys: String, CodingKey { case step, decision, reason, rule }
    }

    package let steps: [Step]
    package let ageAnswer: AgeAnswer
    package let ageRule: String?
    package let message: String?
    package let messageDetail: String?
    package let trackingPrompt: String
    package let guards: [(GuardedFeature, Bool)]
    package let actions: [String]
    /// The scenario as the command read it (set by `agekit launch`).
    package var scenario: ScenarioFacts?

    package init(sequence: LaunchSequence, performed: [LaunchSequence.Action]) {
        steps = sequence.records.map {
            Step(step: $0.step.rawValue, decision: $0.decision, reason: $0.reason, rule: $0.rule)
        }
        ageAnswer = sequence.currentAnswer
        ageRule = sequence.ageDecision?.rule.rawValue
        message = sequence.message?.title
        messageDetail = sequence.message?.detail
        trackingPrompt = sequence.trackingDecision?.code ?? "notDecided"
        guards = sequence.guards.map { ($0.feature, $0.allowed) }
        actions = performed.map(Self.name)
    }

    package enum CodingKeys: String, CodingKey {
        case steps, ageAnswer, ageRule, message, messageDetail, trackingPrompt, guards, actions, scenario
    }

    private struct FeatureKey: CodingKey {
        package let stringValue: String
        package var intValue: Int? { nil }
        package init(stringValue: String) { self.stringValue = stringValue }
        package init?(intValue: Int) { nil }
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(steps, forKey: .steps)
        try container.encode(ageAnswer, forKey: .ageAnswer)
        try container.encode(ageRule, forKey: .ageRule)
        try container.encode(message, forKey: .message)
        try container.encode(messageDetail, forKey: .messageDetail)
        try container.encode(trackingPrompt, forKey: .trackingPrompt)
        var guardContainer = container.nestedContainer(keyedBy: FeatureKey.self, forKey: .guards)
        for (feature, allowed) in guards {
            try guardContainer.encode(allowed, forKey: FeatureKey(stringValue: feature.rawValue))
        }
        try container.encode(actions, forKey: .actions)
        try container.encodeIfPresent(scenario, forKey: .scenario)
    }

    package func json(scenario: ScenarioOptions, appCadence: CadenceRule?) -> String {
        var report = self
        report.scenario = ScenarioFacts(scenario, appCadence: appCadence)
        return report.json()
    }

    package func json() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(self), let text = String(data: data, encoding: .utf8) else {
            return "{}"
        }
        return text
    }

    package func text(heading: String) -> String {
        var lines = [heading, "", "Steps:"]
        let stepWidth = steps.reduce(0) { max($0, $1.step.count) }
        let decisionWidth = steps.reduce(0) { max($0, $1.decision.count) }
        for (index, step) in steps.enumerated() {
            lines.append(
                "  " + pad("\(index + 1).", 3) + " " + pad(step.step, stepWidth) + "  "
                    + pad(step.decision, decisionWidth) + "  "
                    + step.reason)
        }
        lines.append("")
        lines.append("Age answer: \(ageAnswer.rawValue)" + (ageRule.map { " (\($0))" } ?? ""))
        lines.append("Message: " + (message.map { "\($0). \(messageDetail ?? "")" } ?? "none"))
        lines.append("Tracking prompt: \(trackingPrompt)")
        lines.append("")
        lines.append("Guards:")
        let featureWidth = guards.reduce(0) { max($0, $1.0.rawValue.count) }
        for (feature, allowed) in guards {
            lines.append("  " + pad(feature.rawValue, featureWidth) + "  " + (allowed ? "on" : "off"))
        }
        return lines.joined(separator: "\n")
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }

    static func name(_ action: LaunchSequence.Action) -> String {
        switch action {
        case .checkAgeRequirement: "checkAgeRequirement"
        case .requestAgeRange(let gates): "requestAgeRange(\(gates))"
        case .saveAgeAnswer(let answer): "saveAgeAnswer(\(answer.rawValue))"
        case .showMessage: "showMessage"
        case .stopToolEvents(let features): "stopToolEvents(\(features.map(\.rawValue).joined(separator: ",")))"
        case .refreshConsent: "refreshConsent"
        case .showConsentForm: "showConsentForm"
        case .showTrackingPrompt: "showTrackingPrompt"
        case .startAds: "startAds"
        case .showNotificationPrompt: "showNotificationPrompt"
        case .requestLocationPermission: "requestLocationPermission"
        }
    }
}
