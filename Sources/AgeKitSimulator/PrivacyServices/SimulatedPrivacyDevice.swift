import AgeGating
import AgeSignals
import PrivacyLaunch

/// One simulated device with every privacy service the launch sequence drives, all
/// recording into one ``PromptJournal``. Deterministic: answers come from the setup and time
/// from the ``SimulatedClock``.
public struct SimulatedPrivacyDevice: Sendable {
    /// What the device and the person are like, apart from the age system.
    public struct Setup: Hashable, Sendable {
        /// How the consent SDK and the person's consent behave.
        public var consent: SimulatedConsentSDK.Setup
        /// The tracking status at launch.
        public var trackingStatus: TrackingStatus
        /// What the person chooses if the tracking prompt appears.
        public var trackingAnswer: TrackingStatus
        /// The notification status at launch.
        public var notificationStatus: PermissionStatus
        /// What the person chooses if the notification prompt appears.
        public var notificationAnswer: PermissionStatus
        /// The location status at launch.
        public var locationStatus: PermissionStatus
        /// What the person chooses if the location prompt appears.
        public var locationAnswer: PermissionStatus
        /// The age answer saved at an earlier launch; nil for a first launch.
        public var savedAnswer: AgeAnswer?
        /// The cadence record kept from earlier launches.
        public var cadence: CadenceRecord
        /// The answer to the app's own "18 or older?" question where there is no age range API.
        public var adultAnswer: Bool?

        /// A first launch: nothing determined, nothing saved, and a person who allows every prompt,
        /// unless given.
        public init(
            consent: SimulatedConsentSDK.Setup = .init(), trackingStatus: TrackingStatus = .notDetermined,
            trackingAnswer: TrackingStatus = .authorized, notificationStatus: PermissionStatus = .notDetermined,
            notificationAnswer: PermissionStatus = .granted, locationStatus: PermissionStatus = .notDetermined,
            locationAnswer: PermissionStatus = .granted, savedAnswer: AgeAnswer? = nil,
            cadence: CadenceRecord = CadenceRecord(), adultAnswer: Bool? = nil
        ) {
            self.cadence = cadence
            self.adultAnswer = adultAnswer
            self.consent = consent
            self.trackingStatus = trackingStatus
            self.trackingAnswer = trackingAnswer
            self.notificationStatus = notificationStatus
            self.notificationAnswer = notificationAnswer
            self.locationStatus = locationStatus
            self.locationAnswer = locationAnswer
            self.savedAnswer = savedAnswer
        }
    }

    /// Every prompt and tool call of the device, in order.
    public let journal: PromptJournal
    /// The age system's clock, shared by every service.
    public let clock: SimulatedClock
    /// The simulated age system the launch asks.
    public let ageSystem: SimulatedAgeSystem
    /// The consent SDK the launch refreshes and shows the form from.
    public let consent: SimulatedConsentSDK
    /// The system tracking prompt, with how often it appeared.
    public let tracking: SimulatedTrackingPrompt
    /// The ads SDK: its starts and its events.
    public let ads: SimulatedAdsSDK
    /// The analytics tool: the events it received and dropped.
    public let analytics: SimulatedTool
    /// The attribution tool: the events it received and dropped.
    public let attribution: SimulatedTool
    /// The notification permission, with how often its prompt appeared.
    public let notifications: SimulatedPermission
    /// The location permission, with how often its prompt appeared.
    public let location: SimulatedPermission
    /// Where the age answer and the cadence record are saved.
    public let store: SimulatedAgeAnswerStore
    /// The answer to the app's own "18 or older?" question, handed to the launch.
    public let adultAnswer: Bool?

    /// A device around `ageSystem`, on its clock, with every service set up from `setup`.
    public init(ageSystem: SimulatedAgeSystem, setup: Setup = Setup()) {
        let journal = PromptJournal()
        self.journal = journal
        self.clock = ageSystem.clock
        self.ageSystem = ageSystem
        self.consent = SimulatedConsentSDK(setup.consent, clock: ageSystem.clock, journal: journal)
        self.tracking = SimulatedTrackingPrompt(
            status: setup.trackingStatus, answer: setup.trackingAnswer, journal: journal)
        self.ads = SimulatedAdsSDK(journal: journal)
        self.analytics = SimulatedTool(.analytics, journal: journal)
        self.attribution = SimulatedTool(.attribution, journal: journal)
        self.notifications = SimulatedPermission(
            .notifications, status: setup.notificationStatus, answer: setup.notificationAnswer, journal: journal)
        self.location = SimulatedPermission(
            .location, status: setup.locationStatus, answer: setup.locationAnswer, journal: journal)
        self.store = SimulatedAgeAnswerStore(setup.savedAnswer, cadence: setup.cadence)
        self.adultAnswer = setup.adultAnswer
    }

    /// The services, ready for `LaunchSession`.
    public var services: LaunchServices {
        LaunchServices(
            ageRange: ageSystem, consent: consent, tracking: tracking, ads: ads,
            tools: [.analytics: analytics, .attribution: attribution], notifications: notifications,
            location: location, store: store, welcomeScreens: SimulatedWelcomeScreens(), clock: clock)
    }

    /// A session for this device on the age system's platform and OS.
    public func session(settings: OwnerSettings) async -> LaunchSession {
        let capabilities = ageSystem.setup.capabilities
        let region = ageSystem.setup.region.applying(to: ageSystem.setup.person)
        return await LaunchSession.prepare(
            settings: settings, os: capabilities.os, platform: capabilities.platform,
            regionCadence: region.cadenceRule(on: clock.today), adultAnswer: adultAnswer, services: services,
            // A simulated hang is given up at the age sheet's deadline (the gate's); without one nothing waits.
            deadlines: LaunchSession.Deadlines(
                ageRequest: ageSystem.setup.faults.hangs ? .seconds(600) : nil, clock: clock))
    }
}
