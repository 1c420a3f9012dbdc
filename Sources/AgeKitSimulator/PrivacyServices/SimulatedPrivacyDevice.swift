import AgeGating
import AgeSignals
import PrivacyLaunch

/// One simulated device with every privacy service the launch sequence drives, all
/// recording into one ``PromptJournal``. Deterministic: answers come from the setup and time
/// from the ``SimulatedClock``.
public struct SimulatedPrivacyDevice: Sendable {
    /// What the device and the person are like, apart from the age system.
    public struct Setup: Hashable, Sendable {
        public var consent: SimulatedConsentSDK.Setup
        public var trackingStatus: TrackingStatus
        public var trackingAnswer: TrackingStatus
        public var notificationStatus: PermissionStatus
        public var notificationAnswer: PermissionStatus
        public var locationStatus: PermissionStatus
        public var locationAnswer: PermissionStatus
        public var savedAnswer: AgeAnswer?
        /// The cadence record kept from earlier launches.
        public var cadence: CadenceRecord
        /// The answer to the app's own "18 or older?" question where there is no age range API.
        public var adultAnswer: Bool?

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

    public let journal: PromptJournal
    public let clock: SimulatedClock
    public let ageSystem: SimulatedAgeSystem
    public let consent: SimulatedConsentSDK
    public let tracking: SimulatedTrackingPrompt
    public let ads: SimulatedAdsSDK
    public let analytics: SimulatedTool
    public let attribution: SimulatedTool
    public let notifications: SimulatedPermission
    public let location: SimulatedPermission
    public let store: SimulatedAgeAnswerStore
    /// The answer to the app's own "18 or older?" question, handed to the launch.
    public let adultAnswer: Bool?

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

    /// The services, ready for ``LaunchSession``.
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
