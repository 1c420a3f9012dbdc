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

public enum ConsentServiceError: Error, Hashable, Sendable {
    case network
    case formUnavailable
    /// The form was asked for before any refresh.
    case notRefreshed
    case other(String)
}

/// The system tracking prompt (App Tracking Transparency).
public protocol TrackingAuthorization: Sendable {
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
    func start() async
}

/// Notification authorization.
public protocol NotificationAuthorization: Sendable {
    func status() async -> PermissionStatus
    func requestAuthorization() async -> PermissionStatus
}

/// Location authorization.
public protocol LocationAuthorization: Sendable {
    func status() async -> PermissionStatus
    func requestAuthorization() async -> PermissionStatus
}

/// Where the age answer is saved between launches: only the answer, never an age; beside it
/// the cadence record (a launch flag and the day of the app's last request).
public protocol AgeAnswerStore: Sendable {
    func load() async -> AgeAnswer?
    func save(_ answer: AgeAnswer) async
    /// The cadence record; a store that keeps none returns a fresh one.
    func loadCadence() async -> CadenceRecord
    func saveCadence(_ record: CadenceRecord) async
}

extension AgeAnswerStore {
    /// A store that keeps no cadence record reads as a fresh install that never asked, so the
    /// rule asks as it would at every launch.
    public func loadCadence() async -> CadenceRecord { CadenceRecord() }
    public func saveCadence(_ record: CadenceRecord) async {}
}

/// The app's welcome screens; the notification prompt waits until they are done.
public protocol WelcomeScreens: Sendable {
    func waitUntilFinished() async
}

/// The wall clock, passed in so tests and the simulator control time.
public protocol LaunchClock: Sendable {
    func currentTime() -> Timestamp
}

/// Every service the launch needs, supplied by the caller.
public struct LaunchServices: Sendable {
    public var ageRange: any AgeRangeService
    public var consent: any ConsentService
    public var tracking: any TrackingAuthorization
    public var ads: any AdsService
    /// Analytics, attribution and any other tool keyed by the feature that guards it.
    public var tools: [GuardedFeature: any ThirdPartyTool]
    public var notifications: any NotificationAuthorization
    public var location: any LocationAuthorization
    public var store: any AgeAnswerStore
    public var welcomeScreens: any WelcomeScreens
    public var clock: any LaunchClock

    public init(
        ageRange: any AgeRangeService, consent: any ConsentService, tracking: any TrackingAuthorization,
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
