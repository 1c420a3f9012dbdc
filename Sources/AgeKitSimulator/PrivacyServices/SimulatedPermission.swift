import PrivacyLaunch
import Synchronization

/// Notification or location authorization: the prompt appears while the status is not
/// determined, and the simulated person answers with ``answer``.
public final class SimulatedPermission: NotificationAuthorization, LocationAuthorization, Sendable {
    public enum Kind: String, Hashable, Sendable {
        case notifications, location
    }

    private struct State {
        var status: PermissionStatus
        var answer: PermissionStatus
        var promptsShown = 0
    }

    public let kind: Kind
    private let state: Mutex<State>
    private let journal: PromptJournal

    public init(
        _ kind: Kind, status: PermissionStatus = .notDetermined, answer: PermissionStatus = .granted,
        journal: PromptJournal
    ) {
        self.kind = kind
        self.state = Mutex(State(status: status, answer: answer))
        self.journal = journal
    }

    public var promptsShown: Int { state.withLock { $0.promptsShown } }

    public func status() async -> PermissionStatus { state.withLock { $0.status } }

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
