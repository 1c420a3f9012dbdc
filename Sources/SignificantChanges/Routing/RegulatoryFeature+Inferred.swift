import AgeSignals

extension RegulatoryFeature {
    /// What to assume on 26.2 and 26.3, which have no `requiredRegulatoryFeatures`: Apple's
    /// guidance there is eligibility plus the age range, so an eligible minor needs parental
    /// consent and nobody else is required anything.
    public static func inferredBefore264(eligible: Bool, subject: ConsentSubject) -> Set<RegulatoryFeature> {
        eligible && subject == .minor ? [.significantAppChangeRequiresParentalConsent] : []
    }
}
