import Foundation

/// The permission request that follows when a guardian's communication limits close a
/// feature: a PermissionKit question with a `CommunicationTopic`, as a pure state machine like
/// ``GuardianRequest``. Never a quiet unlock: only a guardian's approval opens the feature.
///
/// - The question goes to the system first (``State/asked(questionID:at:)``): the child may
///   send it or cancel. A cancel is reported only from 27.0; before that the app learns
///   nothing, and the question's expiry ends the wait.
/// - The listener never stops: after a denial, a later approval is still heard.
/// - An answer after the question's expiry date is ignored: from then on the guardian can no
///   longer answer it, so the request stays expired and can be asked again.
public struct CommunicationRequest: Hashable, Sendable, Codable {
    /// Where the request is; only ``approved(at:)`` opens the feature.
    public enum State: Hashable, Sendable, Codable {
        /// No question asked yet.
        case notAsked
        /// The system shows the question to the child, who decides whether to send it.
        case asked(questionID: String, at: Date)
        /// Sent (or handed over, before 27.0 the app cannot tell), waiting for the guardian.
        case pending(questionID: String, sentAt: Date, expiresAt: Date)
        /// A guardian approved: the feature opens.
        case approved(at: Date)
        /// A guardian said no; still listening, and the child may ask again.
        case denied(at: Date)
        /// The child cancelled without sending (reported from 27.0).
        case cancelled(at: Date)
        /// No answer before the question's expiry: the guardian can no longer answer it.
        case expired(at: Date)
        /// Asking failed and nothing was sent.
        case failed(AskErrorRule, at: Date)

        /// The state's name without its values, for reports and the simulator.
        public var name: String {
            switch self {
            case .notAsked: "notAsked"
            case .asked: "asked"
            case .pending: "pending"
            case .approved: "approved"
            case .denied: "denied"
            case .cancelled: "cancelled"
            case .expired: "expired"
            case .failed: "failed"
            }
        }
    }

    /// What happened; the caller feeds each one to ``handle(_:at:)``.
    public enum Event: Hashable, Sendable {
        /// The person tapped "ask a parent" (also the retry after a denial, cancel or expiry).
        case ask
        /// The system's ask returned.
        case askReturned(questionID: String, CommunicationAskResult)
        /// The system's ask threw: nothing was sent.
        case askFailed(questionID: String, PermissionAskError)
        /// A guardian's answer (from `AskCenter.responses(for:)`).
        case response(GuardianResponse)
        /// Time passed: an unanswered question past its expiry expires.
        case tick
    }

    /// What the caller performs, in order.
    public enum Action: Hashable, Sendable {
        /// Hand this question to the system.
        case askGuardian(CommunicationQuestion)
        /// Show that the question waits for the guardian until `expiresAt`.
        case showPending(expiresAt: Date)
        /// Open the feature: a guardian approved.
        case unlock
        /// Show the denial; `canRetry` says whether to offer asking again.
        case showDenied(canRetry: Bool)
        /// Show that the child cancelled; `canRetry` says whether to offer asking again.
        case showCancelled(canRetry: Bool)
        /// Show that the question expired unanswered; `canRetry` says whether to offer asking again.
        case showExpired(canRetry: Bool)
        /// Show why asking failed; `canRetry` says whether to offer asking again.
        case showAskFailed(AskErrorRule, canRetry: Bool)
        /// Read the age range again: the system says the stored parental controls are stale.
        case refreshAgeRange
        /// An event with no effect, and why.
        case ignored(String)
    }

    /// The feature the guardian's limits closed.
    public let feature: String
    /// The people the child asks to communicate with.
    public let contacts: [CommunicationContact]
    /// What the child asks to do with them.
    public let actions: [CommunicationAction]
    /// How long a question stays answerable (its expiry date is `sent + timeout`).
    public let timeout: TimeInterval
    /// Where the request is.
    public private(set) var state: State = .notAsked
    /// Every question asked, the current one last, with its expiry date.
    public private(set) var questionIDs: [String] = []
    /// Each asked question's expiry date: answers after it do not count.
    public private(set) var expiries: [String: Date] = [:]
    /// Every denial heard, oldest first.
    public private(set) var denials: [Date] = []

    /// Two days: how long a question stays answerable by default.
    public static let defaultTimeout: TimeInterval = 48 * 60 * 60

    /// A request not asked yet; it asks to message the contacts by default.
    public init(
        feature: String, contacts: [CommunicationContact], actions: [CommunicationAction] = [.message],
        timeout: TimeInterval = Self.defaultTimeout
    ) {
        self.feature = feature
        self.contacts = contacts
        self.actions = actions
        self.timeout = timeout
    }

    /// Whether a guardian approved: the feature is open.
    public var isApproved: Bool { if case .approved = state { true } else { false } }

    /// Whether the screen may offer "ask a parent" now.
    public var canAsk: Bool {
        switch state {
        case .notAsked, .denied, .cancelled, .expired: true
        case .failed(let rule, _): rule.canRetry
        case .asked, .pending, .approved: false
        }
    }

    /// Takes one event at `now` and returns what to perform; an event with no effect returns ``Action/ignored(_:)``.
    public mutating func handle(_ event: Event, at now: Date) -> [Action] {
        switch event {
        case .ask:
            guard canAsk else { return [.ignored("ask while \(state.name)")] }
            let id = "\(feature)#\(questionIDs.count + 1)"
            let expiresAt = now.addingTimeInterval(timeout)
            questionIDs.append(id)
            expiries[id] = expiresAt
            state = .asked(questionID: id, at: now)
            return [
                .askGuardian(
                    CommunicationQuestion(
                        id: id, feature: feature, contacts: contacts, actions: actions, expiresAt: expiresAt))
            ]

        case .askReturned(let id, let result):
            guard case .asked(id, _) = state, let expiresAt = expiries[id] else {
                return [.ignored("ask of question \(id) returned while \(state.name)")]
            }
            if result == .cancelled {
                state = .cancelled(at: now)
                return [.showCancelled(canRetry: true)]
            }
            state = .pending(questionID: id, sentAt: now, expiresAt: expiresAt)
            return [.showPending(expiresAt: expiresAt)]

        case .askFailed(let id, let error):
            guard case .asked(id, _) = state else {
                return [.ignored("ask of question \(id) failed while \(state.name)")]
            }
            let rule = AskErrorRule(error)
            state = .failed(rule, at: now)
            var actions: [Action] = [.showAskFailed(rule, canRetry: rule.canRetry)]
            // An adult, or limits that are off: the stored answer is stale; read it again.
            if rule == .refreshAgeRange || rule == .readAgeAgain { actions.append(.refreshAgeRange) }
            return actions

        case .response(let response):
            return respond(response, at: now)

        case .tick:
            switch state {
            case .asked(let id, _), .pending(let id, _, _):
                guard let expiresAt = expiries[id], now >= expiresAt else { return [] }
                state = .expired(at: now)
                return [.showExpired(canRetry: true)]
            default:
                return []
            }
        }
    }

    private mutating func respond(_ response: GuardianResponse, at now: Date) -> [Action] {
        let id = response.questionID
        guard let expiresAt = expiries[id] else {
            return [.ignored("response to question \(id), which this request never asked")]
        }
        if isApproved { return [.ignored("question \(id) answered after approval")] }
        let current = id == questionIDs.last
        guard now < expiresAt else {
            // Past the expiry date the guardian can no longer respond: the answer does not count.
            var actions: [Action] = [.ignored("answer to question \(id) after its expiry date")]
            if current, case .pending = state {
                state = .expired(at: now)
                actions.append(.showExpired(canRetry: true))
            }
            return actions
        }
        if response.approved {
            state = .approved(at: now)
            return [.unlock]
        }
        denials.append(now)
        switch state {
        case .asked(id, _), .pending(id, _, _), .denied, .expired, .cancelled:
            guard current else { return [.ignored("denial of older question \(id) recorded")] }
            state = .denied(at: now)
            return [.showDenied(canRetry: true)]
        default:
            return [.ignored("denial of question \(id) recorded while \(state.name)")]
        }
    }
}
