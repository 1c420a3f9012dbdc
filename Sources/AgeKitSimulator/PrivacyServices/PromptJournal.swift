import AgeSignals
import PrivacyLaunch

/// What the simulated device did, in order: every prompt shown and every tool call. Shared
/// by the privacy fakes so a test can check the order across services.
public final class PromptJournal: Sendable {
    /// One thing the device did.
    public enum Entry: Hashable, Sendable {
        /// The consent SDK refreshed its status.
        case consentRefresh
        /// The consent form was shown.
        case consentForm
        /// The system tracking prompt was shown.
        case trackingPrompt
        /// The ads SDK started.
        case adsStarted
        /// A tool was told to stop its events.
        case eventsStopped(GuardedFeature)
        /// The notification permission prompt was shown.
        case notificationPrompt
        /// The location permission prompt was shown.
        case locationPrompt
        /// A tool received an event (dropped events are not journaled).
        case toolEvent(GuardedFeature)
    }

    private let entries = Locked<[Entry]>([])

    /// An empty journal.
    public init() {}

    /// Records `entry` after every earlier one.
    public func append(_ entry: Entry) { entries.withLock { $0.append(entry) } }

    /// Every entry, in order.
    public var all: [Entry] { entries.withLock { $0 } }

    /// The position of the first `entry`, if any.
    public func firstIndex(of entry: Entry) -> Int? { all.firstIndex(of: entry) }

    /// How many times `entry` was recorded.
    public func count(of entry: Entry) -> Int { all.filter { $0 == entry }.count }
}
