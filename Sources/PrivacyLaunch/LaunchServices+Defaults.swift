import AgeSignals
import Foundation

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
        welcomeScreens: any WelcomeScreens = NoWelcomeScreens(), clock: any LaunchClock = SystemLaunchClock()
    ) {
        self.init(
            ageRange: ageRange, consent: consent, tracking: tracking, ads: ads, tools: tools,
            notifications: notifications, location: location, store: store, welcomeScreens: welcomeScreens,
            clock: clock)
    }
}

/// No consent SDK: no form is required and ads may be requested once refreshed (an app with
/// ads under the GDPR brings its consent SDK instead).
public struct NoConsentSDK: ConsentService {
    /// The stand-in consent SDK.
    public init() {}
    private static let status = ConsentStatus(requirement: .notRequired, formAvailable: false, canRequestAds: true)
    public func refresh() async throws(ConsentServiceError) -> ConsentStatus { Self.status }
    public func currentStatus() async -> ConsentStatus { Self.status }
    public func showForm() async throws(ConsentServiceError) -> ConsentStatus { throw .formUnavailable }
}

/// No ads SDK: starting and stopping it does nothing.
public struct NoAds: AdsService {
    /// The stand-in ads SDK.
    public init() {}
    public func start() async {}
    public func stopEvents() async {}
}

/// A permission the app never asks for (notifications, location): reads as denied, so the
/// sequence never shows its prompt.
public struct NotRequested: NotificationAuthorization, LocationAuthorization {
    /// The stand-in permission.
    public init() {}
    public func status() async -> PermissionStatus { .denied }
    public func requestAuthorization() async -> PermissionStatus { .denied }
}

/// No welcome screens: the notification prompt does not wait.
public struct NoWelcomeScreens: WelcomeScreens {
    /// The stand-in welcome screens.
    public init() {}
    public func waitUntilFinished() async {}
}

/// Keeps no answer: for an app whose `AgeGate` keeps the one saved answer (the launch never
/// reads or writes this store then).
public struct NoAnswerStore: AgeAnswerStore {
    /// The stand-in store.
    public init() {}
    public func load() async -> AgeAnswer? { nil }
    public func save(_ answer: AgeAnswer) async {}
}

/// No age range service: for a launch that asks through an `AgeGate`. Called anyway, it
/// answers `notAvailable` (unavailable this launch, nothing stored).
public struct NoAgeRangeProvider: AgeRangeProvider {
    /// The stand-in service.
    public init() {}
    public func requestAgeRange(gates: AgeGates) async throws(AgeRangeProviderError) -> AgeRangeResponse {
        throw .notAvailable
    }
    public func isEligibleForAgeFeatures() async throws(AgeRangeProviderError) -> Bool { throw .notAvailable }
    public func requiredRegulatoryFeatures() async throws(AgeRangeProviderError) -> Set<RegulatoryFeature> {
        throw .notAvailable
    }
    public var answersWithoutWaiting: Bool { true }
}

/// The wall clock.
public struct SystemLaunchClock: LaunchClock {
    /// The wall clock.
    public init() {}
    public func currentTime() -> Timestamp { Timestamp(secondsSince1970: Int64(Date().timeIntervalSince1970)) }
}
