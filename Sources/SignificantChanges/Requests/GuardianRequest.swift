import Foundation

/// One change's guardian question, as a pure state machine.
///
/// - Pending is a state of its own, with a timeout the app controls: a child who cancels
///   before sending leaves the app with no response at all, so only the timeout ends it.
/// - The listener never stops: after a denial, a later approval is still heard.
/// - Responses to questions this request never sent are ignored.
/// - An answer that arrives after its question's expiry date is ignored: from then on the
///   guardian can no longer answer it (`PermissionQuestion.expirationDate`), so the request
///   stays expired and can be asked again.
/// - Nothing but an approval unblocks.
public struct GuardianRequest: Hashable, Sendable, Codable {
    /// Where the request is; only ``approved(at:)`` unblocks the change.
    public enum State: Hashable, Sendable, Codable {
        /// No question sent yet.
        case notAsked
        /// A question is out; it expires at `expiresAt` unless a guardian answers.
        case pending(sentAt: Date, expiresAt: Date)
        /// A guardian approved: the change is unblocked.
        case approved(at: Date)
        /// A guardian said no; still listening, and the child may ask again.
        case denied(at: Date)
        /// No answer before the timeout: the child may ask again.
        case expired(at: Date)

        /// The state's name without its dates, for reports and the simulator.
        public var name: String {
            switch self {
            case .notAsked: "notAsked"
            case .pending: "pending"
            case .approved: "approved"
            case .denied: "denied"
            case .expired: "expired"
            }
        }
    }

    /// What happened; the caller feeds each one to ``handle(_:at:)``.
    public enum Event: Hashable, Sendable {
        /// The question was handed to the system for the guardian.
        case questionSent(id: String)
        /// A guardian's answer to question `id`.
        case response(questionID: String, approved: Bool)
        /// The system said the child cancelled before sending (27.0); earlier systems say nothing.
        case childCancelled(questionID: String)
        /// Time passed: a pending request past its timeout expires.
        case tick
        /// The person asks again after a denial or an expiry.
        case retry
        /// Another device recorded an approval for this change.
        case approvedElsewhere
    }

    /// What the caller performs, in order.
    public enum Action: Hashable, Sendable {
        /// Send the guardian a question; give it this expiry date.
        case askGuardian(expiresAt: Date)
        /// Show that the question waits for the guardian until `expiresAt`.
        case showPending(expiresAt: Date)
        /// Record the approval in the acknowledgment ledger.
        case recordApproval(at: Date)
        /// Record the denial in the acknowledgment ledger.
        case recordDenial(at: Date)
        /// Open what the change blocked.
        case unblock
        /// Show the denial; `canRetry` says whether to offer asking again.
        case showDenied(canRetry: Bool)
        /// No answer before the timeout (the child may have cancelled): offer to ask again.
        case showExpired(canRetry: Bool)
        /// A response or event with no effect, and why.
        case ignored(String)
    }

    /// The change the guardian is asked about.
    public let changeID: String
    /// How long the app waits for an answer before offering to ask again.
    public let timeout: TimeInterval
    /// Where the request is.
    public private(set) var state: State = .notAsked
    /// Every question sent for this change, the current one last.
    public private(set) var questionIDs: [String] = []
    /// Every denial heard, oldest first.
    public private(set) var denials: [Date] = []
    /// Each sent question's expiry date: answers after it do not count.
    public private(set) var expiries: [String: Date] = [:]

    /// Two days: how long a question waits for an answer by default.
    public static let defaultTimeout: TimeInterval = 48 * 60 * 60

    /// A request not asked yet for the change `changeID`.
    public init(changeID: String, timeout: TimeInterval = Self.defaultTimeout) {
        self.changeID = changeID
        self.timeout = timeout
    }

    /// Whether a guardian approved the change.
    public var isApproved: Bool { if case .approved = state { true } else { false } }

    private enum CodingKeys: String, CodingKey {
        case changeID, timeout, state, questionIDs, denials, expiries
    }

    /// Reads a stored request; one stored before expiry dates were kept has none, so its
    /// answers are judged by the state alone.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        changeID = try container.decode(String.self, forKey: .changeID)
        timeout = try container.decode(TimeInterval.self, forKey: .timeout)
        state = try container.decode(State.self, forKey: .state)
        questionIDs = try container.decode([String].self, forKey: .questionIDs)
        denials = try container.decode([Date].self, forKey: .denials)
        expiries = try container.decodeIfPresent([String: Date].self, forKey: .expiries) ?? [:]
    }

    /// Starts the request: the first question (call once, or after ``Event/retry``).
    public func start(at now: Date) -> [Action] {
        guard case .notAsked = state else { return [] }
        return [.askGuardian(expiresAt: now.addingTimeInterval(timeout))]
    }

    /// Takes one event at `now` and returns what to perform; an event with no effect returns ``Action/ignored(_:)``.
    public mutating func handle(_ event: Event, at now: Date) -> [Action] {
        switch event {
        case .questionSent(let id):
            guard !isApproved else { return [.ignored("question \(id) sent after approval")] }
            if !questionIDs.contains(id) { questionIDs.append(id) }
            let expiresAt = now.addingTimeInterval(timeout)
            expiries[id] = expiresAt
            state = .pending(sentAt: now, expiresAt: expiresAt)
            return [.showPending(expiresAt: expiresAt)]

        case .response(let id, _) where !questionIDs.contains(id):
            return [.ignored("response to question \(id), which this request never sent")]

        case .response(let id, _) where expiries[id].map({ now >= $0 }) == true && !isApproved:
            var actions: [Action] = [.ignored("answer to question \(id) after its expiry date: it does not count")]
            if id == questionIDs.last, case .pending = state {
                state = .expired(at: now)
                actions.append(.showExpired(canRetry: true))
            }
            return actions

        case .response(_, true):
            guard !isApproved else { return [.ignored("already approved")] }
            state = .approved(at: now)
            return [.recordApproval(at: now), .unblock]

        case .response(let id, false):
            if isApproved {
                return [.ignored("denial after approval: withdrawal arrives as RESCIND_CONSENT on the server")]
            }
            denials.append(now)
            let current = id == questionIDs.last
            let answersCurrentQuestion: Bool =
                switch state {
                case .pending, .expired, .denied: current
                case .notAsked, .approved: false
                }
            guard answersCurrentQuestion else {
                // A denial of an older question while a newer one is on its way: recorded only.
                return [.recordDenial(at: now)]
            }
            state = .denied(at: now)
            return [.recordDenial(at: now), .showDenied(canRetry: true)]

        case .childCancelled(let id):
            guard id == questionIDs.last, case .pending = state else {
                return [.ignored("cancellation of question \(id), which is not pending")]
            }
            state = .expired(at: now)
            return [.showExpired(canRetry: true)]

        case .tick:
            guard case .pending(_, let expiresAt) = state, now >= expiresAt else { return [] }
            state = .expired(at: now)
            return [.showExpired(canRetry: true)]

        case .retry:
            switch state {
            case .denied, .expired:
                state = .notAsked
                return start(at: now)
            default:
                return [.ignored("retry while \(state.name)")]
            }

        case .approvedElsewhere:
            guard !isApproved else { return [] }
            state = .approved(at: now)
            return [.unblock]
        }
    }
}
