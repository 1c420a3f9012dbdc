/// "Update my consent" from the app's settings: a pure value like ``LaunchSequence``.
/// It refuses a person under the threshold, shows the consent form, and offers the tracking
/// prompt only where it can change something; where tracking was refused before, only the
/// system Settings can change it, so it offers to open them instead.
public struct ConsentUpdate: Sendable {
    public enum Refusal: String, Hashable, Sendable, Codable {
        case underThreshold
        /// The launch sequence has not finished: its prompts come first, in their order.
        case launchInProgress
    }

    public enum Stage: String, Hashable, Sendable {
        case notStarted, showingConsentForm, showingTrackingPrompt, refused, finished
    }

    public enum Event: Hashable, Sendable {
        case start
        case consentFormClosed(ConsentStatus)
        case consentFormFailed
        case trackingPromptAnswered(TrackingStatus)
    }

    public enum Action: Hashable, Sendable {
        case refuse(Refusal)
        case showConsentForm
        case showTrackingPrompt
        /// Tracking was refused before: the system Settings are the only place to change it.
        case offerToOpenSettings
    }

    public let settings: OwnerSettings
    public let answer: AgeAnswer
    public let launchFinished: Bool
    public private(set) var trackingStatus: TrackingStatus
    public private(set) var stage: Stage = .notStarted
    public private(set) var consentOutcome: ConsentOutcome?
    public private(set) var trackingDecision: TrackingDecision?
    /// Events that changed nothing (repeated or out of order).
    public private(set) var ignoredEvents: [Event] = []

    public init(settings: OwnerSettings, answer: AgeAnswer, trackingStatus: TrackingStatus, launchFinished: Bool = true)
    {
        self.settings = settings
        self.answer = answer
        self.trackingStatus = trackingStatus
        self.launchFinished = launchFinished
    }

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
