/// The system tracking authorization (App Tracking Transparency's four states, and any state
/// a later system adds, by its name).
public enum TrackingStatus: Hashable, Sendable, CaseIterable, RawRepresentable, Codable {
    /// Not asked yet: the only state in which the prompt appears.
    case notDetermined
    /// Parental controls or a profile forbid tracking; the prompt never appears.
    case restricted
    /// The person refused tracking; only the system Settings can change it.
    case denied
    /// The person allowed tracking.
    case authorized
    /// A state this version of AgeKit does not know, by the system's case name: no prompt and
    /// no tracking, like ``restricted``.
    case unknown(String)

    /// The four published states.
    public static let allCases: [TrackingStatus] = [.notDetermined, .restricted, .denied, .authorized]

    public init(rawValue: String) {
        self = Self.allCases.first { $0.rawValue == rawValue } ?? .unknown(rawValue)
    }

    public var rawValue: String {
        switch self {
        case .notDetermined: "notDetermined"
        case .restricted: "restricted"
        case .denied: "denied"
        case .authorized: "authorized"
        case .unknown(let name): name
        }
    }

    public init(from decoder: any Decoder) throws {
        self.init(rawValue: try decoder.singleValueContainer().decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

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

/// Whether the launch shows the tracking prompt, and the reason when it does not.
public enum TrackingDecision: Hashable, Sendable {
    /// Show the prompt.
    case show
    /// Do not show it, for this reason.
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
