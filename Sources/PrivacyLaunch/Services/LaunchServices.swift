import AgeSignals

/// Every service the launch needs, supplied by the caller. Each is a small protocol; the simulator
/// (`AgeKitSimulator`) and the Apple bridge are two implementations. None of them shows the
/// tracking prompt except ``TrackingAuthorization``, and only ``LaunchSession`` calls it.
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
    public var clock: any AppClock

    /// Every service; `tools` is empty by default.
    public init(
        ageRange: any AgeRangeProvider, consent: any ConsentService, tracking: any TrackingAuthorization,
        ads: any AdsService, tools: [GuardedFeature: any ThirdPartyTool] = [:],
        notifications: any NotificationAuthorization, location: any LocationAuthorization,
        store: any AgeAnswerStore, welcomeScreens: any WelcomeScreens, clock: any AppClock
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
