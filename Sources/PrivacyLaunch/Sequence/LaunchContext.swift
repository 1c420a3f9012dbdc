import AgeGating
import AgeSignals

/// What is known when the app launches: the OS, the answer saved at an earlier launch,
/// and the system permissions as they stand. Read once; the sequence updates its copy.
public struct LaunchContext: Hashable, Sendable {
    /// The OS version: below 26 there is no age range to ask for.
    public var os: OSVersion
    /// The platform: on macOS there is no region check, so the age step asks everyone.
    public var platform: Platform
    /// The answer saved at an earlier launch; nil on a fresh install.
    public var savedAnswer: AgeAnswer?
    /// The tracking authorization as it stands.
    public var trackingStatus: TrackingStatus
    /// The notification authorization as it stands.
    public var notificationStatus: PermissionStatus
    /// The location authorization as it stands.
    public var locationStatus: PermissionStatus
    /// Whether the app launched before and the day of its last age request (the cadence
    /// rule's two facts); a store that keeps none reads as a fresh install.
    public var cadence: CadenceRecord
    /// The cadence rule the person's region sets, where the app learns it; the owner's rule
    /// may only tighten it (`CadenceRule.inForce(app:region:)`).
    public var regionCadence: CadenceRule?
    /// The person's answer to the app's own "18 or older?" question, where the platform has no
    /// age range API (visionOS, tvOS, watchOS); nil when not asked or not answered.
    public var adultAnswer: Bool?

    /// What the launch knows; only the OS has no default.
    public init(
        os: OSVersion, savedAnswer: AgeAnswer? = nil, trackingStatus: TrackingStatus = .notDetermined,
        notificationStatus: PermissionStatus = .notDetermined, locationStatus: PermissionStatus = .notDetermined,
        cadence: CadenceRecord = CadenceRecord(), platform: Platform = .iOS, regionCadence: CadenceRule? = nil
    ) {
        self.cadence = cadence
        self.regionCadence = regionCadence
        self.platform = platform
        self.os = os
        self.savedAnswer = savedAnswer
        self.trackingStatus = trackingStatus
        self.notificationStatus = notificationStatus
        self.locationStatus = locationStatus
    }
}
