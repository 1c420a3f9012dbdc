import AgeSignals
import PrivacyLaunch

/// The system tracking prompt: shown at most once per install, never when restricted; the
/// simulated person answers with `answer`.
public final class SimulatedTrackingPrompt: TrackingAuthorization, Sendable {
    private struct State {
        var status: TrackingStatus
        var answer: TrackingStatus
        var promptsShown = 0
        var requests = 0
    }

    private let state: Locked<State>
    private let journal: PromptJournal

    /// - Parameters:
    ///   - status: the status at launch (any of the four).
    ///   - answer: what the person chooses if the prompt appears (`authorized` or `denied`).
    ///   - journal: where each prompt shown is recorded.
    public init(status: TrackingStatus = .notDetermined, answer: TrackingStatus = .authorized, journal: PromptJournal) {
        self.state = Locked(State(status: status, answer: answer))
        self.journal = journal
    }

    /// How many times the prompt appeared (at most once).
    public var promptsShown: Int { state.withLock { $0.promptsShown } }
    /// How many times the app asked for authorization, prompt or not.
    public var requests: Int { state.withLock { $0.requests } }

    /// The current status, without prompting.
    public func status() async -> TrackingStatus { state.withLock { $0.status } }

    public func requestAuthorization() async -> TrackingStatus {
        let (status, shown) = state.withLock { state in
            state.requests += 1
            guard state.status == .notDetermined else { return (state.status, false) }
            state.promptsShown += 1
            state.status = state.answer
            return (state.status, true)
        }
        if shown { journal.append(.trackingPrompt) }
        return status
    }
}
