import Foundation
import SignificantChanges

/// Runs one communication-limits permission request to its end on simulated time: the
/// person asks, the simulated center hands the question over (or throws), the guardian's
/// answers and the question's expiry arrive when their time comes.
public struct CommunicationSimulation: Sendable {
    /// The feature the person asks to use, as shown in the question.
    public var feature: String
    /// The people the person asks to communicate with.
    public var contacts: [CommunicationContact]
    /// How the guardian answers, in time after the question is sent.
    public var guardian: GuardianBehavior
    /// Thrown by the system's ask, e.g. `communicationLimitsNotEnabled`.
    public var error: PermissionAskError?
    /// Whether the system reports a child's cancel (27.0).
    public var reportsCancel: Bool
    /// The system knows the person as an adult: every ask throws `notAvailable`.
    public var personIsAdult: Bool
    /// How long the app waits for an answer before it gives up.
    public var timeout: TimeInterval
    /// When the person asks.
    public var start: Date

    /// A request for `feature`, answered by a guardian who approves after five minutes unless given.
    public init(
        feature: String, contacts: [CommunicationContact] = [CommunicationContact(handle: "friend")],
        guardian: GuardianBehavior = .approve(after: 5 * 60), error: PermissionAskError? = nil,
        reportsCancel: Bool = false, personIsAdult: Bool = false,
        timeout: TimeInterval = CommunicationRequest.defaultTimeout, start: Date
    ) {
        self.personIsAdult = personIsAdult
        self.feature = feature
        self.contacts = contacts
        self.guardian = guardian
        self.error = error
        self.reportsCancel = reportsCancel
        self.timeout = timeout
        self.start = start
    }

    /// One line of the run: the state after an event, and the actions it asked for.
    public struct Step: Hashable, Sendable {
        /// The simulated time of the event.
        public let at: Date
        /// The event the request handled, such as `ask` or `askFailed(notAvailable)`.
        public let event: String
        /// The request's state after the event.
        public let state: String
        /// The actions the event asked for, in order.
        public let actions: [String]
    }

    /// How a run ended and how it got there.
    public struct Result: Sendable {
        /// The request as the run left it.
        public let request: CommunicationRequest
        /// Every event of the run, in time order.
        public let steps: [Step]
    }

    /// Runs until no answer or expiry is left.
    public func run() async -> Result {
        let clock = SimulatedClock(start: start)
        let center = SimulatedCommunicationCenter(
            behavior: guardian, error: error, reportsCancel: reportsCancel, personIsAdult: personIsAdult, clock: clock)
        var request = CommunicationRequest(feature: feature, contacts: contacts, timeout: timeout)
        var steps: [Step] = []
        func apply(_ event: CommunicationRequest.Event, _ name: String) -> [CommunicationRequest.Action] {
            let actions = request.handle(event, at: clock.now)
            steps.append(
                Step(at: clock.now, event: name, state: request.state.name, actions: actions.map(Self.name)))
            return actions
        }
        for action in apply(.ask, "ask") {
            guard case .askGuardian(let question) = action else { continue }
            do {
                let result = try await center.ask(question)
                _ = apply(.askReturned(questionID: question.id, result), "askReturned(\(result))")
            } catch {
                _ = apply(.askFailed(questionID: question.id, error), "askFailed(\(error.name))")
            }
        }
        while let next = [center.nextResponseTime, pendingExpiry(request)].compactMap({ $0 }).min() {
            clock.set(next)
            for response in center.deliverResponses(until: next) {
                _ = apply(.response(response), response.approved ? "guardianApproved" : "guardianDenied")
            }
            if pendingExpiry(request).map({ $0 <= next }) == true { _ = apply(.tick, "tick") }
        }
        return Result(request: request, steps: steps)
    }

    private func pendingExpiry(_ request: CommunicationRequest) -> Date? {
        switch request.state {
        case .asked(let id, _), .pending(let id, _, _): request.expiries[id]
        default: nil
        }
    }

    static func name(_ action: CommunicationRequest.Action) -> String {
        switch action {
        case .askGuardian(let question): "askGuardian(\(question.id))"
        case .showPending: "showPending"
        case .unlock: "unlock"
        case .showDenied: "showDenied"
        case .showCancelled: "showCancelled"
        case .showExpired: "showExpired"
        case .showAskFailed(let rule, _): "showAskFailed(\(rule.rawValue))"
        case .refreshAgeRange: "refreshAgeRange"
        case .ignored(let reason): "ignored(\(reason))"
        }
    }
}
