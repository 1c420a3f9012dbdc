/// "Update my consent" from the app's settings: a pure value like ``LaunchSequence``.
/// It refuses a person under the threshold, shows the consent form, and offers the tracking
/// prompt only where it can change something; where tracking was refused before, only the
/// system Settings can change it, so it offers to open them instead.
public struct ConsentUpdate: Sendable {
    /// Why the update did not start.
    public enum Refusal: String, Hashable, Sendable, Codable {
        /// The person is under the threshold: no consent form and no tracking prompt.
        case underThreshold
        /// The launch sequence has not finished: its prompts come first, in their order.
        case launchInProgress
    }

    /// Where the update is; `refused` and `finished` are final.
    public enum Stage: String, Hashable, Sendable {
        /// The update's stages, in order: not started, consent form, tracking prompt, then refused or finished.
        case notStarted, showingConsentForm, showingTrackingPrompt, refused, finished
    }

    /// What happened; each answers an ``Action`` except ``start``.
    public enum Event: Hashable, Sendable {
        /// The person chose "Update my consent".
        case start
        /// Answers ``Action/showConsentForm``: the form closed, with the SDK's status after it.
        case consentFormClosed(ConsentStatus)
        /// Answers ``Action/showConsentForm``: the form could not be shown or failed.
        case consentFormFailed
        /// Answers ``Action/showTrackingPrompt``.
        case trackingPromptAnswered(TrackingStatus)
    }

    /// What the caller performs, in order.
    public enum Action: Hashable, Sendable {
        /// Tell the person why the update cannot run now.
        case refuse(Refusal)
        /// Show the consent SDK's form.
        case showConsentForm
        /// Show the system tracking prompt.
        case showTrackingPrompt
        /// Tracking was refused before: the system Settings are the only place to change it.
        case offerToOpenSettings
    }

    /// The owner's settings (whether the form is on, ads, the tracking usage description).
    public let settings: OwnerSettings
    /// The person's age answer; "under" refuses the update.
    public let answer: AgeAnswer
    /// Whether the launch sequence has finished; until it has, the update is refused.
    public let launchFinished: Bool
    /// The tracking status, updated when the prompt is answered.
    public private(set) var trackingStatus: TrackingStatus
    /// Where the update is.
    public private(set) var stage: Stage = .notStarted
    /// How the consent form ended, once it has.
    public private(set) var consentOutcome: ConsentOutcome?
    /// Whether the tracking prompt is shown, and why not, once the form has ended.
    public private(set) var trackingDecision: TrackingDecision?
    /// Events that changed nothing (repeated or out of order).
    public private(set) var ignoredEvents: [Event] = []

    /// An update for this person; `launchFinished` false refuses it until the launch is done.
    public init(settings: OwnerSettings, answer: AgeAnswer, trackingStatus: TrackingStatus, launchFinished: Bool = true)
    {
        self.settings = settings
        self.answer = answer
        self.trackingStatus = trackingStatus
        self.launchFinished = launchFinished
    }

    /// Takes one event at `now` and returns what to perform; an event out of order changes nothing.
    public mutating func handle(_ event: Event, at now: Timestamp) -> [Action] {
        switch (event, stage) {
        case (.start, .notStarted):
            if answer == .under {
                stage = .refused
                return [.refuse(.underThreshold)]
            }
            if !launchFinished {
                stage = .refused
                return [.refuse(.launchInProgress)]
            }
            guard settings.consentFormEnabled else { return decideTracking(after: .formTurnedOff) }
            stage = .showingConsentForm
            return [.showConsentForm]
        case (.consentFormClosed(let status), .showingConsentForm):
            return decideTracking(after: ConsentStep.afterForm(status).outcome)
        case (.consentFormFailed, .showingConsentForm):
            return decideTracking(after: .failed(.formFailed))
        case (.trackingPromptAnswered(let status), .showingTrackingPrompt):
            trackingStatus = status
            stage = .finished
            return []
        default:
            ignoredEvents.append(event)
            return []
        }
    }

    private mutating func decideTracking(after outcome: ConsentOutcome) -> [Action] {
        consentOutcome = outcome
        let decision = TrackingStep.decide(
            answer: answer, consent: outcome, hasAds: settings.hasAds,
            hasTrackingUsageDescription: settings.hasTrackingUsageDescription, status: trackingStatus)
        trackingDecision = decision
        switch decision {
        case .show:
            stage = .showingTrackingPrompt
            return [.showTrackingPrompt]
        case .skip(.alreadyAnswered) where trackingStatus == .denied:
            stage = .finished
            return [.offerToOpenSettings]
        case .skip:
            stage = .finished
            return []
        }
    }
}
