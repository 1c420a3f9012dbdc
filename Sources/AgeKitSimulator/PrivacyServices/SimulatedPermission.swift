import AgeSignals
import PrivacyLaunch

/// Notification or location authorization: the prompt appears while the status is not
/// determined, and the simulated person answers with `answer`.
public final class SimulatedPermission: NotificationAuthorization, LocationAuthorization, Sendable {
    /// Which permission, and so which prompt the journal records.
    public enum Kind: String, Hashable, Sendable {
        /// Permission to show notifications.
        case notifications
        /// Permission to read the device's location.
        case location
    }

    private struct State {
        var status: PermissionStatus
        var answer: PermissionStatus
        var promptsShown = 0
    }

    /// Which permission this is.
    public let kind: Kind
    private let state: Locked<State>
    private let journal: PromptJournal

    /// A permission with `status` at launch; the person grants it if the prompt appears,
    /// unless `answer` says otherwise.
    public init(
        _ kind: Kind, status: PermissionStatus = .notDetermined, answer: PermissionStatus = .granted,
        journal: PromptJournal
    ) {
        self.kind = kind
        self.state = Locked(State(status: status, answer: answer))
        self.journal = journal
    }

    /// How many times the prompt appeared.
    public var promptsShown: Int { state.withLock { $0.promptsShown } }

    /// The current status, without prompting.
    public func status() async -> PermissionStatus { state.withLock { $0.status } }

    /// Shows the prompt when the status is not determined and applies the person's answer;
    /// otherwise returns the status unchanged.
    public func requestAuthorization() async -> PermissionStatus {
        let (status, shown) = state.withLock { state in
            guard state.status == .notDetermined else { return (state.status, false) }
            state.promptsShown += 1
            state.status = state.answer
            return (state.status, true)
        }
        if shown { journal.append(kind == .notifications ? .notificationPrompt : .locationPrompt) }
        return status
    }
}
