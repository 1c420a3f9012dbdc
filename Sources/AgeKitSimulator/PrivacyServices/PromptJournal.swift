import PrivacyLaunch
import Synchronization

/// What the simulated device did, in order: every prompt shown and every tool call. Shared
/// by the privacy fakes so a test can check the order across services.
public final class PromptJournal: Sendable {
    public enum Entry: Hashable, Sendable {
        case consentRefresh
        case consentForm
        case trackingPrompt
        case adsStarted
        case eventsStopped(GuardedFeature)
        case notificationPrompt
        case locationPrompt
        /// A tool received an event (dropped events are not journaled).
        case toolEvent(GuardedFeature)
    }

    private let entries = Mutex<[Entry]>([])

    public init() {}

    public func append(_ entry: Entry) { entries.withLock { $0.append(entry) } }

    /// Every entry, in order.
    public var all: [Entry] { entries.withLock { $0 } }

    /// The position of the first `entry`, if any.
    public func firstIndex(of entry: Entry) -> Int? { all.firstIndex(of: entry) }

    public func count(of entry: Entry) -> Int { all.filter { $0 == entry }.count }
}
