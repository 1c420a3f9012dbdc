import AgeSignals
import Foundation
import SignificantChanges

/// PermissionKit's ask center, simulated: a guardian who answers per ``GuardianBehavior``,
/// `notAvailable` for adults (as the sandbox's 18+ cases), and answers that arrive only when
/// the simulation's time reaches them.
public final class SimulatedPermissionCenter: PermissionCenter {
    /// A response waiting for its time.
    public struct ScheduledResponse: Hashable, Sendable {
        /// When the response arrives.
        public let at: Date
        /// The guardian's answer.
        public let response: GuardianResponse
    }

    private struct State {
        var behavior: GuardianBehavior
        var personIsAdult: Bool
        var asked: [GuardianQuestion] = []
        var refusedForAdult: [GuardianQuestion] = []
        var cancelledByChild: [GuardianQuestion] = []
    }

    private let state: Locked<State>
    private let answers = ScheduledBroadcast<GuardianResponse>()
    private let clock: any AppClock

    /// A center whose guardian answers per `behavior`; every ask throws `notAvailable` when
    /// `personIsAdult`.
    public init(behavior: GuardianBehavior, personIsAdult: Bool, clock: any AppClock) {
        self.state = Locked(State(behavior: behavior, personIsAdult: personIsAdult))
        self.clock = clock
    }

    public func ask(_ question: GuardianQuestion) async throws(PermissionAskError) {
        let now = clock.now
        let refused: Bool = state.withLock { state in
            if state.personIsAdult {
                state.refusedForAdult.append(question)
                return true
            }
            if state.behavior == .childCancels {
                state.cancelledByChild.append(question)
                return false
            }
            state.asked.append(question)
            for answer in state.behavior.responses(to: question, sentAt: now) {
                answers.schedule(GuardianResponse(questionID: question.id, approved: answer.approved), at: answer.at)
            }
            return false
        }
        if refused { throw .notAvailable }
    }

    public func responses() -> AsyncStream<GuardianResponse> { answers.stream() }

    /// Questions that reached the guardian.
    public var asked: [GuardianQuestion] { state.withLock { $0.asked } }
    /// Questions refused with `notAvailable` because the person is an adult.
    public var refusedForAdult: [GuardianQuestion] { state.withLock { $0.refusedForAdult } }
    /// Questions the child cancelled before sending.
    public var cancelledByChild: [GuardianQuestion] { state.withLock { $0.cancelledByChild } }
    /// When the next answer arrives, if one is on its way.
    public var nextResponseTime: Date? { answers.nextTime }

    /// Changes the guardian's behaviour for later questions.
    public func setBehavior(_ behavior: GuardianBehavior) { state.withLock { $0.behavior = behavior } }

    /// Answers a question now, as a guardian acting by hand.
    public func answer(_ questionID: String, approved: Bool) {
        answers.send(GuardianResponse(questionID: questionID, approved: approved))
    }

    /// Removes and returns the answers due at or before `time`, and yields them to listeners.
    public func deliverResponses(until time: Date) -> [ScheduledResponse] {
        answers.deliver(until: time).map { ScheduledResponse(at: $0.at, response: $0.value) }
    }
}
