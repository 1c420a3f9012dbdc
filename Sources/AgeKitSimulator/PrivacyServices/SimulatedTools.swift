import AgeSignals
import PrivacyLaunch

/// A third-party tool (analytics, attribution): counts the events it received and drops
/// every event once told to stop. It has no way to ask for tracking.
public final class SimulatedTool: ThirdPartyTool, Sendable {
    private struct State {
        var received = 0
        var dropped = 0
        var stopped = false
    }

    /// Which feature the tool serves (ads, analytics, attribution), as the journal names it.
    public let feature: GuardedFeature
    private let state = Locked(State())
    private let journal: PromptJournal

    /// A tool for `feature` that records into `journal`.
    public init(_ feature: GuardedFeature, journal: PromptJournal) {
        self.feature = feature
        self.journal = journal
    }

    /// How many events the tool received.
    public var receivedEvents: Int { state.withLock { $0.received } }
    /// How many events it dropped after it was told to stop.
    public var droppedEvents: Int { state.withLock { $0.dropped } }
    /// Whether the tool was told to stop its events.
    public var isStopped: Bool { state.withLock { $0.stopped } }

    /// The app sends an event; a stopped tool drops it.
    public func send() {
        let delivered = state.withLock { state in
            if state.stopped {
                state.dropped += 1
                return false
            }
            state.received += 1
            return true
        }
        if delivered { journal.append(.toolEvent(feature)) }
    }

    public func stopEvents() async {
        state.withLock { $0.stopped = true }
        journal.append(.eventsStopped(feature))
    }
}

/// The ads SDK: started once, then a tool like the others. It never asks for tracking.
public final class SimulatedAdsSDK: AdsService, Sendable {
    /// The SDK's events, stopped like any tool's.
    public let events: SimulatedTool
    private let started = Locked(0)
    private let journal: PromptJournal

    /// An SDK, not yet started, that records into `journal`.
    public init(journal: PromptJournal) {
        self.events = SimulatedTool(.ads, journal: journal)
        self.journal = journal
    }

    /// How many times the SDK was started.
    public var startCount: Int { started.withLock { $0 } }
    /// Whether the SDK was started at least once.
    public var isStarted: Bool { startCount > 0 }

    /// Starts the SDK, counts the start and records it in the journal.
    public func start() async {
        started.withLock { $0 += 1 }
        journal.append(.adsStarted)
    }

    public func stopEvents() async { await events.stopEvents() }
}
