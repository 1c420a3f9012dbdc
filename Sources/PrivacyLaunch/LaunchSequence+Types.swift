import AgeSignals

extension LaunchSequence {
    /// Where the sequence is. Each waiting stage accepts exactly the event that answers it.
    public enum Stage: String, Hashable, Sendable, Codable {
        case waitingForContent
        case checkingAgeRequirement
        case askingAge
        case refreshingConsent
        case showingConsentForm
        case showingTrackingPrompt
        case waitingForWelcomeScreens
        case showingNotificationPrompt
        case requestingLocation
        /// A person under the threshold: nothing after the age step runs.
        case stoppedUnderThreshold
        case finished
    }

    /// What happened. Each answers an ``Action`` except ``contentReady``,
    /// ``welcomeScreensFinished``, ``toolStarted(_:)`` and ``locationRequested``.
    public enum Event: Hashable, Sendable {
        /// The content and the account have loaded: the privacy steps may start.
        case contentReady
        /// Answers ``Action/checkAgeRequirement``.
        case ageCheckRequirement(AgeCheckRequirement)
        /// Answers ``Action/requestAgeRange(_:)``.
        case ageRange(AgeRangeOutcome)
        /// Answers ``Action/refreshConsent``.
        case consentRefreshed(ConsentStatus)
        case consentRefreshFailed
        /// Answers ``Action/showConsentForm``: the form closed, with the SDK's status after it.
        case consentFormClosed(ConsentStatus)
        case consentFormFailed
        /// Answers ``Action/showTrackingPrompt``.
        case trackingPromptAnswered(TrackingStatus)
        /// The app's welcome screens are done (remembered if it comes early).
        case welcomeScreensFinished
        /// Answers ``Action/showNotificationPrompt``.
        case notificationPromptAnswered(PermissionStatus)
        /// Answers ``Action/requestLocationPermission``.
        case locationPromptAnswered(PermissionStatus)
        /// The app started a third-party tool (after its guard said yes).
        case toolStarted(GuardedFeature)
        /// A screen wants location permission; it waits for the notification answer.
        case locationRequested
    }

    /// What the caller performs, in order.
    public enum Action: Hashable, Sendable {
        /// 26.2+: ask the system whether this person needs an age check.
        case checkAgeRequirement
        /// Show the system age sheet (or read its cached answer).
        case requestAgeRange(AgeGates)
        case saveAgeAnswer(AgeAnswer)
        case showMessage(LaunchMessage)
        /// These started tools must not receive any more events.
        case stopToolEvents([GuardedFeature])
        case refreshConsent
        case showConsentForm
        /// The only place besides "Update my consent" that shows the tracking prompt.
        case showTrackingPrompt
        case startAds
        case showNotificationPrompt
        case requestLocationPermission
    }

    /// An event that changed nothing, and why: repeated, out of order, or impossible.
    public struct IgnoredEvent: Hashable, Sendable {
        public let event: Event
        public let stage: Stage
        public let reason: String
        public let at: Timestamp
    }
}
