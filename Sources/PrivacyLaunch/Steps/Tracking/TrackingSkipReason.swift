/// Why the tracking prompt was not shown; the raw values are stable report codes.
public enum TrackingSkipReason: String, Hashable, Sendable, Codable, CaseIterable {
    /// The person is under the threshold: never asked.
    case underThreshold
    /// The consent step failed.
    case consentFailed
    /// The consent form was answered without accepting personalised ads.
    case personalisedAdsNotAccepted
    /// The app has no ads.
    case noAds
    /// The app has no tracking usage description.
    case noTrackingUsageDescription
    /// The prompt was answered once: the answer is kept.
    case alreadyAnswered
    /// Not a row of the table: the system never shows the prompt when tracking is restricted.
    case restricted

    /// The reason in a sentence, for the launch report.
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
