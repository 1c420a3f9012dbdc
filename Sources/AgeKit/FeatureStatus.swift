import AgeGating

/// What a feature's screen shows now: open, or the one next step and why.
public struct FeatureStatus: Hashable, Sendable {
    /// The next step a closed feature offers.
    public enum NextStep: String, Hashable, Sendable {
        /// Open: show the content.
        case none
        /// Declined or nothing asked: a "share age range" button, never a prompt of the app's own.
        case shareAgeRange
        /// No age range API here: ask "Are you 18 or older?" (never a date picker).
        case askAdultQuestion
        /// Known and too young: no button (asking again returns the cached range).
        case tooYoung
        /// Communication limits close it: a guardian permission request.
        case askGuardian
        /// Needs a confirmed adult: confirm the age in Settings.
        case confirmAgeInSettings
        /// The system could not answer this launch: checked again at the next one.
        case retryNextLaunch
        /// A significant change waits for consent or acknowledgment (``blockingChange``).
        case waitForChange
    }

    /// The gate's decision, with its reason.
    public let decision: FeatureDecision
    /// The significant change that holds an allowed feature back, if any.
    public let blockingChange: String?

    /// A status from the gate's decision and the change that holds the feature back, if any.
    public init(decision: FeatureDecision, blockingChange: String?) {
        self.decision = decision
        self.blockingChange = blockingChange
    }

    /// Whether the screen shows its content.
    public var isOpen: Bool { decision.isAllowed && blockingChange == nil }

    /// What the screen offers while the feature is closed.
    public var nextStep: NextStep {
        if decision.isAllowed { return blockingChange == nil ? .none : .waitForChange }
        switch decision.nextStep {
        case .none: return .tooYoung
        case .askForAgeRange: return .shareAgeRange
        case .askAdultQuestion: return .askAdultQuestion
        case .requestGuardianPermission: return .askGuardian
        case .confirmAgeInSettings: return .confirmAgeInSettings
        case .retryNextLaunch: return .retryNextLaunch
        }
    }
}
