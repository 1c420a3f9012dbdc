/// What a feature decision depends on besides the policy: the platform and the region.
public struct DecisionContext: Hashable, Sendable {
    /// Whether Declared Age Range exists here (iOS, iPadOS, Mac Catalyst and macOS 26+). Where
    /// it does not, the next step is the app's own "18 or older?" question, never
    /// `requestAgeRange`.
    public var hasAgeRangeAPI: Bool
    /// Where the App Store blocks 18+ downloads unless the account is a confirmed adult
    /// (Australia, Brazil, Singapore): an 18+ feature needs a confirmed adult there too.
    public var adultFeaturesNeedConfirmedAdult: Bool

    /// A context; the default is a platform with Declared Age Range and no confirmed-adult rule.
    public init(hasAgeRangeAPI: Bool = true, adultFeaturesNeedConfirmedAdult: Bool = false) {
        self.hasAgeRangeAPI = hasAgeRangeAPI
        self.adultFeaturesNeedConfirmedAdult = adultFeaturesNeedConfirmedAdult
    }

    /// Declared Age Range exists and the region needs no confirmed adult.
    public static let standard = DecisionContext()
}

extension FeatureRequirement {
    /// The decision table of DOMAIN §3 for one feature. Pure value code with no allocation,
    /// cheap enough to run every time a feature is opened.
    ///
    /// | policy | result |
    /// | --- | --- |
    /// | any, feature not gated | allowed |
    /// | not asked, declined, with Declared Age Range | needs an age range (ask button) |
    /// | not asked, declined, without it | needs the app's "18 or older?" question |
    /// | unavailable | unavailable |
    /// | known, tier below the minimum | too young (no button) |
    /// | known minor, communication limits on a blocked feature | blocked by parental controls |
    /// | known adult, communication limits on a blocked feature | closed, no guardian request |
    /// | known, confirmed adult required (or an 18+ feature where 18+ downloads need one), not confirmed | needs a confirmed adult |
    /// | known, otherwise | allowed |
    @inlinable
    public func decide(_ policy: AgePolicy, in context: DecisionContext = .standard) -> FeatureDecision {
        guard isGated else { return .allowed }
        guard context.hasAgeRangeAPI else { return decideWithoutAgeRange(policy, in: context) }
        switch policy {
        case .notAsked, .declined:
            return FeatureDecision(context.hasAgeRangeAPI ? .needsAgeRange : .needsAdultQuestion)
        case .unavailable:
            return FeatureDecision(.unavailable)
        case .known(let tier, let source, let communicationLimited):
            if let minimum = effectiveMinimumAge, !tier.isAtLeast(minimum) {
                return FeatureDecision(.tooYoung)
            }
            if communicationLimited && blockedByCommunicationLimits {
                // Route by age before asking: an adult has no guardian request.
                return FeatureDecision(
                    tier.isAtLeast(Self.adultAge) ? .communicationLimitsOnAdult : .blockedByParentalControls)
            }
            let adultFeature = (effectiveMinimumAge ?? 0) >= Self.adultAge
            let needsConfirmed = requiresConfirmedAdult || (context.adultFeaturesNeedConfirmedAdult && adultFeature)
            if needsConfirmed && source != .confirmed {
                return FeatureDecision(.needsConfirmedAdult)
            }
            return .allowed
        }
    }
}

extension FeatureRequirement {
    /// Without Declared Age Range the only answer is the app's own "18 or older?", which
    /// decides 18+ features and nothing below them:
    ///
    /// | policy | 18+ feature | feature below 18 |
    /// | --- | --- | --- |
    /// | not asked, declined | needs the adult question | undecided (closed, nothing offered) |
    /// | unavailable | unavailable | unavailable |
    /// | "no" (a known tier below 18) | too young | undecided: a "no" says nothing about 13 or 16 |
    /// | "yes" | the usual table; a confirmed adult cannot be had here | the usual table |
    @inlinable
    func decideWithoutAgeRange(_ policy: AgePolicy, in context: DecisionContext) -> FeatureDecision {
        let adultFeature = (effectiveMinimumAge ?? 0) >= Self.adultAge
        switch policy {
        case .notAsked, .declined:
            return FeatureDecision(adultFeature ? .needsAdultQuestion : .undecidedWithoutAgeRange)
        case .unavailable:
            return FeatureDecision(.unavailable)
        case .known(let tier, _, _) where !tier.isAtLeast(Self.adultAge):
            return FeatureDecision(adultFeature ? .tooYoung : .undecidedWithoutAgeRange)
        case .known:
            var withAPI = context
            withAPI.hasAgeRangeAPI = true
            let decision = decide(policy, in: withAPI)
            return decision.reason == .needsConfirmedAdult ? FeatureDecision(.confirmationUnavailable) : decision
        }
    }
}
