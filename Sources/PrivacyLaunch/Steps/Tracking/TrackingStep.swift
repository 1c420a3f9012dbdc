/// DOMAIN §4's tracking table, one row per line, first match wins.
public enum TrackingStep {
    /// The table's verdict for this person, consent outcome, app and tracking status.
    public static func decide(
        answer: AgeAnswer, consent: ConsentOutcome, hasAds: Bool, hasTrackingUsageDescription: Bool,
        status: TrackingStatus
    ) -> TrackingDecision {
        if answer == .under { return .skip(.underThreshold) }
        if case .failed = consent { return .skip(.consentFailed) }
        // Skipped when no form was required or the owner turned it off: no choices exist.
        if let choices = consent.choices, !choices.acceptsPersonalisedAds { return .skip(.personalisedAdsNotAccepted) }
        if !hasAds { return .skip(.noAds) }
        if !hasTrackingUsageDescription { return .skip(.noTrackingUsageDescription) }
        if status == .denied || status == .authorized { return .skip(.alreadyAnswered) }
        if status == .restricted { return .skip(.restricted) }
        if case .unknown = status { return .skip(.restricted) }
        return .show
    }
}
