import AgeGating
import AgeSignals

/// The system services the launch sequence drives. Each is a small protocol; the simulator
/// (`AgeKitSimulator`) and the Apple bridge are two implementations. None of them shows the
/// tracking prompt except ``TrackingAuthorization``, and only ``LaunchSession`` calls it.

/// The consent SDK (Google UMP's shape).
public protocol ConsentService: Sendable {
    /// Fetches this person's consent information. Runs at every launch, even when the
    /// owner turned the form off: the SDK allows ad requests only after a refresh.
    func refresh() async throws(ConsentServiceError) -> ConsentStatus
    /// The status as it stands, without a refresh.
    func currentStatus() async -> ConsentStatus
    /// Shows the consent form; returns the status after it closed.
    func showForm() async throws(ConsentServiceError) -> ConsentStatus
}

/// The errors the consent SDK throws.
public enum ConsentServiceError: Error, Hashable, Sendable {
    /// The SDK could not reach its server.
    case network
    /// The SDK has no form to show.
    case formUnavailable
    /// The form was asked for before any refresh.
    case notRefreshed
    /// Any other SDK error, with its message.
    case other(String)
}

/// The system tracking prompt (App Tracking Transparency).
public protocol TrackingAuthorization: Sendable {
    /// The status as it stands, without a prompt.
    func status() async -> TrackingStatus
    /// Shows the prompt when the status is not determined; otherwise returns the status.
    func requestAuthorization() async -> TrackingStatus
}

/// A third-party tool that receives events (ads, analytics, attribution). Wrappers of these
/// tools never ask for tracking on their own: the prompt has one owner.
public protocol ThirdPartyTool: Sendable {
    /// From now on the tool receives no events (it may keep running: SDKs cannot be unloaded).
    func stopEvents() async
}

/// The ads SDK.
public protocol AdsService: ThirdPartyTool {
    /// Starts the SDK; called once consent and tracking are settled.
    func start() async
}

/// Notification authorization.
public protocol NotificationAuthorization: Sendable {
    /// The status as it stands, without a prompt.
    func status() async -> PermissionStatus
    /// Shows the prompt when the status is not determined; otherwise returns the status.
    func requestAuthorization() async -> PermissionStatus
}

/// Location authorization.
public protocol LocationAuthorization: Sendable {
    /// The status as it stands, without a prompt.
    func status() async -> PermissionStatus
    /// Shows the prompt when the status is not determined; otherwise returns the status.
    func requestAuthorization() async -> PermissionStatus
}

/// Where the age answer is saved between launches: only the answer, never an age; beside it
/// the cadence record (a launch flag and the day of the app's last request).
public protocol AgeAnswerStore: Sendable {
    /// The saved answer; nil when none was saved.
    func load() async -> AgeAnswer?
    /// Saves the answer, replacing the one before.
    func save(_ answer: AgeAnswer) async
    /// The cadence record; a store that keeps none returns a fresh one.
    func loadCadence() async -> CadenceRecord
    /// Saves the cadence record after a launch.
    func saveCadence(_ record: CadenceRecord) async
}

extension AgeAnswerStore {
    /// A store that keeps no cadence record reads as a fresh install that never asked, so the
    /// rule asks as it would at every launch.
    public func loadCadence() async -> CadenceRecord { CadenceRecord() }
    /// Keeps nothing.
    public func saveCadence(_ record: CadenceRecord) async {}
}

/// The app's welcome screens; the notification prompt waits until they are done.
public protocol WelcomeScreens: Sendable {
    /// Returns once the person has gone through the welcome screens.
    func waitUntilFinished() async
}

/// The wall clock, passed in so tests and the simulator control time.
public protocol LaunchClock: Sendable {
    /// The current time.
    func currentTime() -> Timestamp
}

/// Every service the launch needs, supplied by the caller.
public struct LaunchServices: Sendable {
    /// Declared Age Range, which the age step asks.
    public var ageRange: any AgeRangeProvider
    /// The consent SDK.
    public var consent: any ConsentService
    /// The system tracking prompt.
    public var tracking: any TrackingAuthorization
    /// The ads SDK.
    public var ads: any AdsService
    /// Analytics, attribution and any other tool keyed by the feature that guards it.
    public var tools: [GuardedFeature: any ThirdPartyTool]
    /// Notification authorization.
    public var notifications: any NotificationAuthorization
    /// Location authorization.
    public var location: any LocationAuthorization
    /// Where the age answer and the cadence record are kept.
    public var store: any AgeAnswerStore
    /// The app's welcome screens.
    public var welcomeScreens: any WelcomeScreens
    /// The time every event is stamped with.
    public var clock: any LaunchClock

    /// Every service; `tools` is empty by default.
    public init(
        ageRange: any AgeRangeProvider, consent: any ConsentService, tracking: any TrackingAuthorization,
        ads: any AdsService, tools: [GuardedFeature: any ThirdPartyTool] = [:],
        notifications: any NotificationAuthorization, location: any LocationAuthorization,
        store: any AgeAnswerStore, welcomeScreens: any WelcomeScreens, clock: any LaunchClock
    ) {
        self.ageRange = ageRange
        self.consent = consent
        self.tracking = tracking
        self.ads = ads
        self.tools = tools
        self.notifications = notifications
        self.location = location
        self.store = store
        self.welcomeScreens = welcomeScreens
        self.clock = clock
    }

    /// The tool that receives events for `feature` (the ads SDK for ``GuardedFeature/ads``).
    public func tool(for feature: GuardedFeature) -> (any ThirdPartyTool)? {
        feature == .ads ? ads : tools[feature]
    }
}
