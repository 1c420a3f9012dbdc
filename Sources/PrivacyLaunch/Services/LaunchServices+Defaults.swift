import AgeSignals

/// The services an app that does not have a piece uses in its place: each does nothing and
/// says so, so an app writes a stand-in only for something it replaces.
extension LaunchServices {
    /// The services of an app that brings only what it has: the tracking prompt (the Apple
    /// bridge's, or the simulator's), and any of the others it uses. With an `AgeGate` the
    /// launch asks through the gate, so `ageRange` is needed only without one.
    public init(
        tracking: any TrackingAuthorization, ageRange: any AgeRangeProvider = NoAgeRangeProvider(),
        consent: any ConsentService = NoConsentSDK(), ads: any AdsService = NoAds(),
        tools: [GuardedFeature: any ThirdPartyTool] = [:],
        notifications: any NotificationAuthorization = NotRequested(),
        location: any LocationAuthorization = NotRequested(), store: any AgeAnswerStore = NoAnswerStore(),
        welcomeScreens: any WelcomeScreens = NoWelcomeScreens(), clock: any AppClock = SystemClock()
    ) {
        self.init(
            ageRange: ageRange, consent: consent, tracking: tracking, ads: ads, tools: tools,
            notifications: notifications, location: location, store: store, welcomeScreens: welcomeScreens,
            clock: clock)
    }
}
