/// One line of the launch report: a step, what was decided, and why.
public struct StepRecord: Hashable, Sendable, Codable {
    /// The step that decided.
    public let step: LaunchStep
    /// What it decided, in words.
    public let decision: String
    /// Why, in words.
    public let reason: String
    /// The stable code of the rule that decided (an ``AgeStepRule`` or ``TrackingSkipReason``
    /// raw value, or "shown"), when one table decided.
    public let rule: String?

    /// A line of the report; `rule` is nil when no table decided.
    public init(step: LaunchStep, decision: String, reason: String, rule: String? = nil) {
        self.step = step
        self.decision = decision
        self.reason = reason
        self.rule = rule
    }
}
