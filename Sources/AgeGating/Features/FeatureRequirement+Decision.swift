extension FeatureRequirement {
    /// The decision table of DOMAIN §3 for one feature. Pure value code with no allocation,
    /// cheap enough to run every time a feature is opened.
    ///
    /// | policy | result |
    /// | --- | --- |
    /// | any, feature not gated | allowed |
    /// | not asked, declined | needs an age range (ask button) |
    /// | unavailable | unavailable |
    /// | known, tier below the minimum | too young (no button) |
    /// | known, communication limits on a blocked feature | blocked by parental controls |
    /// | known, confirmed adult required, not confirmed | needs a confirmed adult |
    /// | known, otherwise | allowed |
    @inlinable
    public func decide(_ policy: AgePolicy) -> FeatureDecision {
        guard isGated else { return .allowed }
        switch policy {
        case .notAsked, .declined:
            return FeatureDecision(.needsAgeRange)
        case .unavailable:
            return FeatureDecision(.unavailable)
        case .known(let tier, let source, let communicationLimited):
            if let minimum = effectiveMinimumAge, !tier.isAtLeast(minimum) {
                return FeatureDecision(.tooYoung)
            }
            if communicationLimited && blockedByCommunicationLimits {
                return FeatureDecision(.blockedByParentalControls)
            }
            if requiresConfirmedAdult && source != .confirmed {
                return FeatureDecision(.needsConfirmedAdult)
            }
            return .allowed
        }
    }
}
