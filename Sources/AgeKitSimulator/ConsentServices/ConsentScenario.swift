import AgeSignals
import Foundation
import SignificantChanges

/// Everything a significant-change simulation needs: the app's catalog and settings, the
/// person, what the system reports, and how the guardian and the rating behave.
public struct ConsentScenario: Sendable {
    /// The app's significant changes.
    public var catalog: ChangeCatalog
    /// The version the person first installed; nil when unknown.
    public var originalVersion: AppVersion?
    /// Who the person is, for routing.
    public var subject: ConsentSubject
    /// The regulatory features the system reports.
    public var features: Set<RegulatoryFeature>
    /// The device's platform and OS.
    public var capabilities: PlatformCapabilities
    /// The app's routing choices.
    public var settings: RoutingSettings
    /// One reading per launch, a day apart; empty means the rating is never read.
    public var ratingCodes: [Int?]
    /// How the guardian answers, in time after a question is sent.
    public var guardian: GuardianBehavior
    /// Whether the person acknowledges a sheet or notice when shown it.
    public var acknowledges: Bool
    /// How long the app waits for a guardian's answer.
    public var requestTimeout: TimeInterval
    /// The time of the first launch.
    public var start: Date
    /// The time between launches.
    public var launchInterval: TimeInterval
    /// The key of the person's entries in the synced acknowledgment ledger.
    public var personID: String
    /// Whether the permission service knows the person as an adult (and so throws
    /// `notAvailable`); nil follows the subject. Set it to test an age answer that disagrees.
    public var permissionServiceSeesAdult: Bool?
    /// What the age range says when the flow reads it again (after the permission service
    /// disagreed with it); nil repeats ``subject``, as the system's cache would.
    public var ageReadAgain: ConsentSubject?

    /// A scenario on iOS 26.4 starting 2026-06-18 09:00 UTC, with a guardian who approves
    /// after five minutes, unless given.
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
    /// Whether the entry is an event the flow received or an action it asked for.
    public enum Kind: String, Hashable, Sendable {
        /// Something the flow received: a rating code, a guardian's answer, a ledger change.
        case event
        /// Something the flow asked the app to do.
        case action
    }
    /// The simulated time of the entry.
    public let at: Date
    /// Whether the flow received it or asked for it.
    public let kind: Kind
    /// The event or action in short.
    public let summary: FlowSummary
}
