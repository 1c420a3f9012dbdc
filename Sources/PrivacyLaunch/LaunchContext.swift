import AgeGating
import AgeSignals

/// A system permission as the launch sequence sees it (notifications, location).
public enum PermissionStatus: String, Hashable, Sendable, Codable, CaseIterable {
    /// Not asked yet.
    case notDetermined
    /// Refused: the prompt is not shown again.
    case denied
    /// Allowed.
    case granted
}

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

/// The steps of the launch, in order.
public enum LaunchStep: String, Hashable, Sendable, Codable, CaseIterable {
    /// The launch's steps: content, age, consent, tracking, ads, notifications and location.
    case content, age, consent, tracking, ads, notifications, location
}

/// One line of the launch report: a step, what was decided, and why.
public struct StepRecord: Hashable, Sendable, Codable {
    /// The step that decided.
    public let step: LaunchStep
    /// What it decided, in words.
    public let decision: String
    /// Why, in words.
    public let reason: String
    /// The stable code of the rule that decided (an ``AgeStepRule`` or ``TrackingSkipReason``
    /// raw value, or "shown"), when one table decided.
    public let rule: String?

    /// A line of the report; `rule` is nil when no table decided.
    public init(step: LaunchStep, decision: String, reason: String, rule: String? = nil) {
        self.step = step
        self.decision = decision
        self.reason = reason
        self.rule = rule
    }
}
