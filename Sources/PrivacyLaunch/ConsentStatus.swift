/// What the consent SDK reports (Google UMP's shape): whether this person must see a form,
/// whether ads may be requested, and the choices given.
public struct ConsentStatus: Hashable, Sendable, Codable {
    /// Whether a form is required for this person (decided by the SDK, e.g. in the EEA).
    public enum Requirement: String, Hashable, Sendable, Codable {
        /// Not refreshed yet, or the SDK could not tell.
        case unknown
        /// A form must be shown before consent exists.
        case required
        /// No form is needed here.
        case notRequired
        /// The person answered a form (see ``ConsentStatus/consentDate``).
        case obtained
    }

    /// Whether this person must see a form, as the SDK decided.
    public var requirement: Requirement
    /// Whether the SDK can show its form right now.
    public var formAvailable: Bool
    /// Whether ads may be requested. The SDK reports true only after a refresh.
    public var canRequestAds: Bool
    /// The person's choices, once a form was answered.
    public var choices: AdsChoices?
    /// When the person last answered the form.
    public var consentDate: Timestamp?
    /// The owner turned the form off in the SDK's own configuration.
    public var formTurnedOffByOwner: Bool

    /// A status as the SDK reports it; the simulator and tests build their own.
    public init(
        requirement: Requirement, formAvailable: Bool = true, canRequestAds: Bool, choices: AdsChoices? = nil,
        consentDate: Timestamp? = nil, formTurnedOffByOwner: Bool = false
    ) {
        self.requirement = requirement
        self.formAvailable = formAvailable
        self.canRequestAds = canRequestAds
        self.choices = choices
        self.consentDate = consentDate
        self.formTurnedOffByOwner = formTurnedOffByOwner
    }
}

/// The two choices that together mean "personalised ads": building an ads profile and
/// selecting ads from that profile.
public struct AdsChoices: Hashable, Sendable, Codable {
    /// Whether the person lets the ad network build an ads profile.
    public var buildAdsProfile: Bool
    /// Whether the person lets the ad network pick ads from that profile.
    public var selectPersonalisedAds: Bool

    /// The two choices as the form recorded them.
    public init(buildAdsProfile: Bool, selectPersonalisedAds: Bool) {
        self.buildAdsProfile = buildAdsProfile
        self.selectPersonalisedAds = selectPersonalisedAds
    }

    /// Both choices accepted.
    public var acceptsPersonalisedAds: Bool { buildAdsProfile && selectPersonalisedAds }

    /// Both choices accepted: personalised ads.
    public static let acceptAll = AdsChoices(buildAdsProfile: true, selectPersonalisedAds: true)
    /// Both choices refused.
    public static let refuseAll = AdsChoices(buildAdsProfile: false, selectPersonalisedAds: false)
}

/// Why the consent step failed.
public enum ConsentFailure: String, Hashable, Sendable, Codable {
    /// The SDK could not refresh the consent status (network, SDK error).
    case refreshFailed
    /// The SDK refreshed but still cannot say whether a form is required.
    case requirementUnknown
    /// A form is required but the SDK cannot show one.
    case formUnavailable
    /// The form failed while it was shown.
    case formFailed
    /// The form closed without an answer.
    case formNotAnswered
}

/// How the consent step ended; the tracking table reads it.
public enum ConsentOutcome: Hashable, Sendable {
    /// The step failed, for this reason: the tracking prompt is not shown.
    case failed(ConsentFailure)
    /// The owner turned the form off (the refresh still ran).
    case formTurnedOff
    /// The SDK needs no form for this person.
    case noFormRequired
    /// The person answered the form at this launch.
    case answered(AdsChoices)
    /// The person answered at an earlier launch, less than 13 months ago.
    case keptEarlierAnswer(AdsChoices)

    /// The person's choices, when they answered a form (now or earlier).
    public var choices: AdsChoices? {
        switch self {
        case .answered(let choices), .keptEarlierAnswer(let choices): choices
        default: nil
        }
    }
}
