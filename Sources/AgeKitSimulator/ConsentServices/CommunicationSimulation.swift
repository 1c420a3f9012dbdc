import Foundation
import SignificantChanges

/// Runs one communication-limits permission request to its end on simulated time: the
/// person asks, the simulated center hands the question over (or throws), the guardian's
/// answers and the question's expiry arrive when their time comes.
public struct CommunicationSimulation: Sendable {
    public var feature: String
    public var contacts: [CommunicationContact]
    public var guardian: GuardianBehavior
    /// Thrown by the system's ask, e.g. `communicationLimitsNotEnabled`.
    public var error: PermissionAskError?
    /// Whether the system reports a child's cancel (27.0).
    public var reportsCancel: Bool
    /// The system knows the person as an adult: every ask throws `notAvailable`.
    public var personIsAdult: Bool
    public var timeout: TimeInterval
    public var start: Date

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
        public let at: Date
        public let event: String
        public let state: String
        public let actions: [String]
    }

    public struct Result: Sendable {
        public let request: CommunicationRequest
        public let steps: [Step]
    }

    public func run() async -> Result {
        let clock = StepClock(start)
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
