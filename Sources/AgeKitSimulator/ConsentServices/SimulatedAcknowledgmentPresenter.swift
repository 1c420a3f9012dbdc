import AgeSignals
import SignificantChanges

/// The acknowledgment sheet (or in-app notice), simulated: the person acknowledges or
/// dismisses it, and every presentation is recorded.
public final class SimulatedAcknowledgmentPresenter: AcknowledgmentPresenter {
    private let state: Locked<(acknowledges: Bool, shown: [(String, AcknowledgmentPresentation)])>

    /// A presenter whose person acknowledges every presentation, unless told otherwise.
    public init(acknowledges: Bool = true) {
        state = Locked((acknowledges, []))
    }

    public func presentAcknowledgment(description: String, presentation: AcknowledgmentPresentation) async -> Bool {
        state.withLock { state in
            state.shown.append((description, presentation))
            return state.acknowledges
        }
    }

    /// What was shown, and how.
    public var shown: [(description: String, presentation: AcknowledgmentPresentation)] {
        state.withLock { $0.shown.map { (description: $0.0, presentation: $0.1) } }
    }

    /// Whether the person acknowledges the presentations from now on.
    public func setAcknowledges(_ acknowledges: Bool) { state.withLock { $0.acknowledges = acknowledges } }
}
