import AgeSignals
import Foundation
import SignificantChanges

/// PermissionKit's ask center for communication questions, simulated: a guardian who answers
/// per ``GuardianBehavior``, a child who may cancel without sending, a system that may throw
/// any `AskError`, and answers that arrive only when the simulation's time reaches them.
public final class SimulatedCommunicationCenter: CommunicationPermissionCenter {
    private struct State {
        var behavior: GuardianBehavior
        var error: PermissionAskError?
        var reportsCancel: Bool
        var personIsAdult: Bool
        var asked: [CommunicationQuestion] = []
    }

    private let state: Locked<State>
    private let answers = ScheduledBroadcast<GuardianResponse>()
    private let clock: any AppClock

    /// - Parameters:
    ///   - behavior: how the simulated guardian answers.
    ///   - error: thrown by every ask (nothing is sent), e.g. `communicationLimitsNotEnabled`.
    ///   - reportsCancel: a child's cancel is reported (27.0); before 27.0 the ask just returns.
    ///   - personIsAdult: the system knows the person as an adult and throws `notAvailable`
    ///     (seed 003 note 11: `AskCenter.ask` throws for an adult user), whatever the guardian.
    ///   - clock: the time questions and answers are stamped with.
    public init(
        behavior: GuardianBehavior, error: PermissionAskError? = nil, reportsCancel: Bool = false,
        personIsAdult: Bool = false, clock: any AppClock
    ) {
        self.state = Locked(
            State(behavior: behavior, error: error, reportsCancel: reportsCancel, personIsAdult: personIsAdult))
        self.clock = clock
    }

    public func ask(_ question: CommunicationQuestion) async throws(PermissionAskError) -> CommunicationAskResult {
        let now = clock.now
        let outcome: Result<CommunicationAskResult, PermissionAskError> = state.withLock { state in
            if state.personIsAdult { return .failure(.notAvailable) }
            if let error = state.error { return .failure(error) }
            state.asked.append(question)
            if state.behavior == .childCancels { return .success(state.reportsCancel ? .cancelled : .handedOver) }
            for answer in state.behavior.responses(sentAt: now, expiresAt: question.expiresAt) {
                answers.schedule(GuardianResponse(questionID: question.id, approved: answer.approved), at: answer.at)
            }
            return .success(state.reportsCancel ? .sent : .handedOver)
        }
        return try outcome.get()
    }

    public func responses() -> AsyncStream<GuardianResponse> { answers.stream() }

    /// Questions handed to the system (sent or cancelled by the child).
    public var asked: [CommunicationQuestion] { state.withLock { $0.asked } }
    /// When the next answer arrives, if one is on its way.
    public var nextResponseTime: Date? { answers.nextTime }

    /// How the guardian answers the questions sent from now on.
    public func setBehavior(_ behavior: GuardianBehavior) { state.withLock { $0.behavior = behavior } }
    /// The error every ask throws from now on (nothing is sent); nil sends them.
    public func setError(_ error: PermissionAskError?) { state.withLock { $0.error = error } }

    /// Removes and returns the answers due at or before `time`, and yields them to listeners.
    public func deliverResponses(until time: Date) -> [GuardianResponse] {
        answers.deliver(until: time).map(\.value)
    }
}
