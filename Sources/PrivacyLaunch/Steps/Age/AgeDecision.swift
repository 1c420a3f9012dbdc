/// One age decision: the answer, the rule, whether it is saved, and the message to show.
public struct AgeDecision: Hashable, Sendable {
    /// The answer every guard uses.
    public let answer: AgeAnswer
    /// The row of the age-step table that decided.
    public let rule: AgeStepRule
    /// Whether the answer is saved for the next launch.
    public let saves: Bool
    /// Whether the person was asked (the system sheet may have appeared).
    public let asked: Bool
    /// The message to show, if any.
    public let message: LaunchMessage?
    /// The human reason, with the values that decided it.
    public let reason: String
}
