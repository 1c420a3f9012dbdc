import AgeSignals
import Foundation
import SignificantChanges

/// Everything a significant-change simulation needs: the app's catalog and settings, the
/// person, what the system reports, and how the guardian and the rating behave.
public struct ConsentScenario: Sendable {
    public var catalog: ChangeCatalog
    public var originalVersion: AppVersion?
    public var subject: ConsentSubject
    public var features: Set<RegulatoryFeature>
    public var capabilities: PlatformCapabilities
    public var settings: RoutingSettings
    /// One reading per launch, a day apart; empty means the rating is never read.
    public var ratingCodes: [Int?]
    public var guardian: GuardianBehavior
    /// Whether the person acknowledges a sheet or notice when shown it.
    public var acknowledges: Bool
    public var requestTimeout: TimeInterval
    public var start: Date
    public var launchInterval: TimeInterval
    public var personID: String
    /// Whether the permission service knows the person as an adult (and so throws
    /// `notAvailable`); nil follows the subject. Set it to test an age answer that disagrees.
    public var permissionServiceSeesAdult: Bool?
    /// What the age range says when the flow reads it again (after the permission service
    /// disagreed with it); nil repeats ``subject``, as the system's cache would.
    public var ageReadAgain: ConsentSubject?

    public init(
        catalog: ChangeCatalog, originalVersion: AppVersion? = nil, subject: ConsentSubject,
        features: Set<RegulatoryFeature>,
        capabilities: PlatformCapabilities = PlatformCapabilities(
            platform: .iOS, os: OSVersion(26, 4)),
        settings: RoutingSettings = .standard, ratingCodes: [Int?] = [],
        guardian: GuardianBehavior = .approve(after: 300),
        acknowledges: Bool = true, requestTimeout: TimeInterval = GuardianRequest.defaultTimeout,
        start: Date = Date(timeIntervalSince1970: 1_781_773_200),  // 2026-06-18 09:00 UTC
        launchInterval: TimeInterval = 86_400, personID: String = "person-1"
    ) {
        self.catalog = catalog
        self.originalVersion = originalVersion
        self.subject = subject
        self.features = features
        self.capabilities = capabilities
        self.settings = settings
        self.ratingCodes = ratingCodes
        self.guardian = guardian
        self.acknowledges = acknowledges
        self.requestTimeout = requestTimeout
        self.start = start
        self.launchInterval = launchInterval
        self.personID = personID
    }
}

/// One line of a simulation's timeline: an event the flow received or an action it asked for.
public struct TimelineEntry: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable { case event, action }
    public let at: Date
    public let kind: Kind
    public let summary: FlowSummary
}
