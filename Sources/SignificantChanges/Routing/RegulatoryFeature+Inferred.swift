import AgeSignals

extension RegulatoryFeature {
    /// What to assume on 26.2 and 26.3, which have no `requiredRegulatoryFeatures`: Apple's
    /// guidance there is eligibility plus the age range, so an eligible minor needs parental
    /// consent and nobody else is required anything.
    public static func inferredBefore264(eligible: Bool, subject: ConsentSubject) -> Set<RegulatoryFeature> {
        eligible && subject == .minor ? [.significantAppChangeRequiresParentalConsent] : []
    }

    /// What to assume where the system cannot report the features for this person (visionOS has
    /// the consent question but no `requiredRegulatoryFeatures`; a call that failed or hung):
    /// the careful side. Anyone who may be a minor (a minor, a declined or unavailable age)
    /// needs parental consent; an adult is told.
    public static func inferredWhereUnreported(subject: ConsentSubject) -> Set<RegulatoryFeature> {
        subject.isAdult
            ? [.significantAppChangeRequiresAdultNotification] : [.significantAppChangeRequiresParentalConsent]
    }

    /// Where the features to route a significant change come from, as one table.
    public enum Source: String, Hashable, Sendable {
        /// `requiredRegulatoryFeatures` answered (26.4+), or a phone's answer synced to a device
        /// that cannot read it.
        case reported
        /// 26.2-26.3: eligibility plus the age range.
        case inferredFromEligibility
        /// Nothing answered where it should, or the platform cannot ask: the careful side.
        case inferredCarefully
    }

    /// The features to route with:
    ///
    /// | platform, OS | features |
    /// | --- | --- |
    /// | 26.4+ with `requiredRegulatoryFeatures` | the reported set; if the call failed or hung, the careful inference (never "nothing required") |
    /// | 26.2-26.3 | eligibility plus the age range; eligibility that failed counts as eligible |
    /// | visionOS (the consent question, no report) | the careful inference |
    /// | tvOS, watchOS, below 26.2 | the set synced from the person's phone; without one, the careful inference |
    public static func forRouting(
        reported: Set<RegulatoryFeature>?, eligible: Bool?, subject: ConsentSubject,
        capabilities: PlatformCapabilities
    ) -> (features: Set<RegulatoryFeature>, source: Source) {
        if capabilities.hasRequiredRegulatoryFeatures {
            guard let reported else { return (inferredWhereUnreported(subject: subject), .inferredCarefully) }
            return (reported, .reported)
        }
        if capabilities.hasEligibility {
            return (inferredBefore264(eligible: eligible ?? true, subject: subject), .inferredFromEligibility)
        }
        if !capabilities.hasSignificantUpdateQuestion, let reported { return (reported, .reported) }
        return (inferredWhereUnreported(subject: subject), .inferredCarefully)
    }
}
