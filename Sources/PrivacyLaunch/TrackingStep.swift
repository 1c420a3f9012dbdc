/// The system tracking authorization (App Tracking Transparency's four states).
public enum TrackingStatus: String, Hashable, Sendable, Codable, CaseIterable {
    case notDetermined
    /// Parental controls or a profile forbid tracking; the prompt never appears.
    case restricted
    case denied
    case authorized
}

/// Why the tracking prompt was not shown; the raw values are stable report codes.
public enum TrackingSkipReason: String, Hashable, Sendable, Codable, CaseIterable {
    case underThreshold
    case consentFailed
    case personalisedAdsNotAccepted
    case noAds
    case noTrackingUsageDescription
    case alreadyAnswered
    /// Not a row of the table: the system never shows the prompt when tracking is restricted.
    case restricted

    public var summary: String {
        switch self {
        case .underThreshold: "the person is under the threshold: never asked"
        case .consentFailed: "the consent step failed"
        case .personalisedAdsNotAccepted: "the consent form was answered without accepting personalised ads"
        case .noAds: "the app has no ads"
        case .noTrackingUsageDescription: "the app has no tracking usage description"
        case .alreadyAnswered: "the prompt was already answered once: the answer is kept"
        case .restricted: "tracking is restricted on this device: the system shows no prompt"
        }
    }
}

public enum TrackingDecision: Hashable, Sendable {
    case show
    case skip(TrackingSkipReason)

    /// "shown" or the skip reason's code.
    public var code: String {
        switch self {
        case .show: "shown"
        case .skip(let reason): reason.rawValue
        }
    }
}

/// DOMAIN §4's tracking table, one row per line, first match wins.
public enum TrackingStep {
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
        return .show
    }
}
