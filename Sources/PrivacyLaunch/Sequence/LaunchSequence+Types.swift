import AgeSignals

extension LaunchSequence {
    /// Where the sequence is. Each waiting stage accepts exactly the event that answers it.
    public enum Stage: String, Hashable, Sendable, Codable {
        /// Waits for ``Event/contentReady``.
        case waitingForContent
        /// Waits for the answer to ``Action/checkAgeRequirement``.
        case checkingAgeRequirement
        /// Waits for the answer to ``Action/requestAgeRange(_:)``.
        case askingAge
        /// Waits for the answer to ``Action/refreshConsent``.
        case refreshingConsent
        /// Waits for the answer to ``Action/showConsentForm``.
        case showingConsentForm
        /// Waits for the answer to ``Action/showTrackingPrompt``.
        case showingTrackingPrompt
        /// Waits for ``Event/welcomeScreensFinished`` before the notification prompt.
        case waitingForWelcomeScreens
        /// Waits for the answer to ``Action/showNotificationPrompt``.
        case showingNotificationPrompt
        /// Waits for the answer to ``Action/requestLocationPermission``.
        case requestingLocation
        /// A person under the threshold: nothing after the age step runs.
        case stoppedUnderThreshold
        /// Every step has run.
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
        /// Answers ``Action/refreshConsent``: the SDK could not refresh.
        case consentRefreshFailed
        /// Answers ``Action/showConsentForm``: the form closed, with the SDK's status after it.
        case consentFormClosed(ConsentStatus)
        /// Answers ``Action/showConsentForm``: the form could not be shown or failed.
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
        /// Store this answer for the next launches.
        case saveAgeAnswer(AgeAnswer)
        /// Show this message to the person.
        case showMessage(LaunchMessage)
        /// These started tools must not receive any more events.
        case stopToolEvents([GuardedFeature])
        /// Ask the consent SDK for its current status.
        case refreshConsent
        /// Show the consent SDK's form.
        case showConsentForm
        /// The only place besides "Update my consent" that shows the tracking prompt.
        case showTrackingPrompt
        /// Start the ads SDK (consent and tracking are settled).
        case startAds
        /// Show the system notification prompt.
        case showNotificationPrompt
        /// Ask for location permission.
        case requestLocationPermission
    }

    /// An event that changed nothing, and why: repeated, out of order, or impossible.
    public struct IgnoredEvent: Hashable, Sendable {
        /// The event that was ignored.
        public let event: Event
        /// The stage the sequence was in.
        public let stage: Stage
        /// Why it changed nothing.
        public let reason: String
        /// When it arrived.
        public let at: Timestamp
    }
}
