import AgeKit

/// What a gated screen shows: the content, or why not and the one next step.
public enum CrateScreen: Hashable, Sendable {
    case content
    /// Declined (or nothing asked yet): a "share age range" button, never a prompt of our own.
    case shareAgeRange
    /// No age range API on this OS: ask "Are you 18 or older?" (never a date picker).
    case askAdultQuestion
    /// Known and too young: no button (asking again returns the cached range).
    case tooYoung
    /// Communication limits close it: a guardian permission request, never a quiet unlock.
    case askGuardian
    /// Needs a confirmed adult: confirm the age in Settings.
    case confirmAgeInSettings
    /// The system could not answer this launch: it is checked again at the next one.
    case unavailable
    /// A significant change waits for consent or acknowledgment.
    case waitingForConsent(changeID: String)

    /// The screen for a feature decision, with the change that blocks the feature if any.
    public init(_ decision: FeatureDecision, blockingChange: String?) {
        if let blockingChange, decision.isAllowed {
            self = .waitingForConsent(changeID: blockingChange)
            return
        }
        switch decision.nextStep {
        case .none: self = decision.isAllowed ? .content : .tooYoung
        case .askForAgeRange: self = .shareAgeRange
        case .askAdultQuestion: self = .askAdultQuestion
        case .requestGuardianPermission: self = .askGuardian
        case .confirmAgeInSettings: self = .confirmAgeInSettings
        case .retryNextLaunch: self = .unavailable
        }
    }
}
