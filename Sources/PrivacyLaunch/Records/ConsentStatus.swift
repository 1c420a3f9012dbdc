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
