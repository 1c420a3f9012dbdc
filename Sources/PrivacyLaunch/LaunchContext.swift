import AgeGating
import AgeSignals

/// A system permission as the launch sequence sees it (notifications, location).
public enum PermissionStatus: String, Hashable, Sendable, Codable, CaseIterable {
    case notDetermined
    case denied
    case granted
}

/// What is known when the app launches: the OS, the answer saved at an earlier launch,
/// and the system permissions as they stand. Read once; the sequence updates its copy.
public struct LaunchContext: Hashable, Sendable {
    public var os: OSVersion
    /// The platform: on macOS there is no region check, so the age step asks everyone.
    public var platform: Platform
    public var savedAnswer: AgeAnswer?
    public var trackingStatus: TrackingStatus
    public var notificationStatus: PermissionStatus
    public var locationStatus: PermissionStatus
    /// Whether the app launched before and the day of its last age request (the cadence
    /// rule's two facts); a store that keeps none reads as a fresh install.
    public var cadence: CadenceRecord
    /// The cadence rule the person's region sets, where the app learns it; the owner's rule
    /// may only tighten it (``CadenceRule/inForce(app:region:)``).
    public var regionCadence: CadenceRule?
    /// The person's answer to the app's own "18 or older?" question, where the platform has no
    /// age range API (visionOS, tvOS, watchOS); nil when not asked or not answered.
    public var adultAnswer: Bool?

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
    case content, age, consent, tracking, ads, notifications, location
}

/// One line of the launch report: a step, what was decided, and why.
public struct StepRecord: Hashable, Sendable, Codable {
    public let step: LaunchStep
    public let decision: String
    public let reason: String
    /// The stable code of the rule that decided (an ``AgeStepRule`` or ``TrackingSkipReason``
    /// raw value, or "shown"), when one table decided.
    public let rule: String?

    public init(step: LaunchStep, decision: String, reason: String, rule: String? = nil) {
        self.step = step
        self.decision = decision
        self.reason = reason
        self.rule = rule
    }
}
