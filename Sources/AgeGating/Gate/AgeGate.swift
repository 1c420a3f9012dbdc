import AgeSignals
import Foundation
import Observation

/// The app's age gate: owns the policy, asks the system at the right moments and never
/// otherwise, survives every error and keeps nothing but the ``AgeRecord``.
///
/// One request is in flight at a time (a second caller joins it). Every system call has a
/// deadline; a call that passes it counts as unavailable for this launch. The signal reads are
/// known to hang and get seconds; the age sheet waits for a person reading it and gets minutes.
///
/// Whether a launch asks is ``LaunchAsk``, the rule the privacy launch sequence follows too:
/// an app that runs both hands the gate to `LaunchSession`, which then asks through it, so a
/// launch shows at most one sheet.
@Observable
@MainActor
public final class AgeGate {
    /// The app's choices.
    public struct Configuration: Sendable {
        /// The app's own gates.
        public var gates: AgeGates
        /// The platform and OS the app runs on.
        public var capabilities: PlatformCapabilities
        /// The deadline on the signal reads (eligibility, regulatory features), which are known
        /// to hang.
        public var deadline: Duration
        /// The deadline on the age request, which waits for a person reading the system sheet
        /// (ten minutes, as the Apple bridge's own prompt deadline): a call that passes it
        /// counts as unavailable. A service that answers without waiting has none.
        public var requestDeadline: Duration
        /// When the app would ask at launch (its profile's rule).
        public var cadence: CadenceRule
        /// The rule the person's region sets, where the app learns it (nil: none): the app's
        /// rule may only tighten it (``CadenceRule/inForce(app:region:)``).
        public var regionCadence: CadenceRule?
        /// The rule the gate follows.
        public var cadenceInForce: CadenceRule { CadenceRule.inForce(app: cadence, region: regionCadence) }
        /// Called on `invalidRequest` (a programmer error); asserts by default.
        public var onProgrammerError: @Sendable (AgeRangeProviderError) -> Void
        /// The App Store blocks 18+ downloads here unless the account is a confirmed adult
        /// (Australia, Brazil, Singapore): the app's 18+ features then need one too.
        public var adultFeaturesNeedConfirmedAdult: Bool = false

        /// What every feature decision of this gate depends on besides the policy.
        public var decisionContext: DecisionContext {
            DecisionContext(
                hasAgeRangeAPI: capabilities.canRequestAgeRange,
                adultFeaturesNeedConfirmedAdult: adultFeaturesNeedConfirmedAdult)
        }

        /// The gate's settings; `onProgrammerError` hears of an invalid request (an assertion by default).
        public init(
            gates: AgeGates, capabilities: PlatformCapabilities, deadline: Duration = .seconds(10),
            requestDeadline: Duration = .seconds(600), cadence: CadenceRule = .everyLaunchWhenRequired,
            onProgrammerError: @escaping @Sendable (AgeRangeProviderError) -> Void = { error in
                assertionFailure("the age range request was invalid: \(error)")
            }
        ) {
            self.gates = gates
            self.capabilities = capabilities
            self.deadline = deadline
            self.requestDeadline = requestDeadline
            self.cadence = cadence
            self.onProgrammerError = onProgrammerError
        }
    }

    /// Why the gate asked the system.
    public enum Trigger: String, Hashable, Sendable {
        /// The launch check said so.
        case launch
        /// A gated feature was opened with nothing asked yet.
        case firstUse
        /// The person tapped "share age range" (the only way a decline is asked again).
        case personTapped
    }

    /// The last failure of a system call.
    public enum Failure: Hashable, Sendable {
        /// The system threw this error.
        case error(AgeRangeProviderError)
        /// No answer before the deadline.
        case timedOut
    }

    /// What the launch check did.
    public struct LaunchReport: Hashable, Sendable {
        /// What the system said at launch.
        public var signals: LaunchSignals
        /// Whether an age check is required for this person (an unknown counts as required).
        public var isRegulated: Bool
        /// Whether this launch asked the system (``ask``'s verdict).
        public var asked: Bool { ask.asks }
        /// The policy after the launch check.
        public var policy: AgePolicy
        /// The launch table's verdict (``LaunchSignals/regulation(on:)``).
        public var regulation: LaunchSignals.Regulation
        /// Whether the launch asked, and why.
        public var ask: LaunchAsk
        /// Whether this launch's request got an answer (a range or a decline); nil when it did not ask.
        public var answered: Bool?
    }

    /// The current policy: every feature decision reads it.
    public private(set) var policy: AgePolicy
    /// Whether a request to the system is in flight.
    public private(set) var isRequesting = false
    /// The last failed or timed-out call, for diagnostics.
    public private(set) var lastFailure: Failure?
    /// The outcome of the last ``launch()``.
    public private(set) var lastLaunch: LaunchReport?
    /// What started the last request to the system (a joined request keeps the first one's).
    public private(set) var lastTrigger: Trigger?

    /// The settings the gate was made with.
    public let configuration: Configuration
    @ObservationIgnored private let service: any AgeRangeProvider
    @ObservationIgnored private let store: any KeyValueStore
    @ObservationIgnored private let clock: any AppClock
    @ObservationIgnored private var inFlight: Task<AgePolicy, Never>?

    /// Reads the stored record; an unreadable one reads as not asked.
    public init(
        service: any AgeRangeProvider, configuration: Configuration, store: any KeyValueStore,
        clock: any AppClock = SystemClock()
    ) {
        self.service = service
        self.configuration = configuration
        self.store = store
        self.clock = clock
        self.policy = AgeRecord.load(from: store, gates: configuration.gates)
    }

    /// The cadence record as the last launch left it (``LaunchAsk``'s input).
    public var cadenceRecord: CadenceRecord { CadenceRecord(decoding: store.string(forKey: CadenceRecord.key)) }

    /// The decision for one feature under the current policy.
    public func decision(for feature: FeatureRequirement) -> FeatureDecision {
        feature.decide(policy, in: configuration.decisionContext)
    }

    /// Opens a feature: asks the system on the first use of a gated feature when nothing was
    /// asked yet (never after a decline or an unavailable launch), then decides. Where there is
    /// no Declared Age Range the decision is `needsAdultQuestion`: the app asks its own
    /// question and records it with ``recordAdultAnswer(_:)``.
    /// A limit on how often the app may ask (Alabama) holds here too: opening a feature is
    /// not a special circumstance, so a first use inside the limit does not ask.
    public func open(_ feature: FeatureRequirement) async -> FeatureDecision {
        if feature.isGated, policy == .notAsked, configuration.capabilities.canRequestAgeRange,
            configuration.cadenceInForce.allowsRequest(
                lastRequest: CadenceRecord(decoding: store.string(forKey: CadenceRecord.key)).lastRequest,
                now: clock.now)
        {
            await request(.firstUse)
        }
        return decision(for: feature)
    }

    /// The launch check: reads the system's signals (both calls at once, each under its own
    /// deadline) and asks when ``LaunchAsk`` says so. A signal that failed or hung never skips
    /// the request: where the call that decides failed, the careful side asks.
    @discardableResult
    public func launch() async -> LaunchReport {
        let capabilities = configuration.capabilities
        let signals = await LaunchSignals.read(
            from: service, capabilities: capabilities, deadline: configuration.deadline, clock: clock)
        if let failure = signals.regulatoryFeaturesFailure ?? signals.eligibilityFailure { lastFailure = failure }
        let regulation = signals.regulation(on: capabilities)
        let record = CadenceRecord(decoding: store.string(forKey: CadenceRecord.key))
        let ask = LaunchAsk.decide(
            regulation, on: capabilities, cadence: configuration.cadenceInForce, record: record, now: clock.now)
        try? store.set(record.afterLaunch(regulated: regulation != .notRequired).encoded, forKey: CadenceRecord.key)
        var answered: Bool?
        if ask.asks {
            await request(.launch)
            answered = lastFailure == nil || lastFailure == .error(.declinedOnboarding)
        }
        let report = LaunchReport(
            signals: signals, isRegulated: regulation != .notRequired, policy: policy, regulation: regulation,
            ask: ask, answered: answered)
        lastLaunch = report
        return report
    }

    /// Asks the system for the range and applies the answer, or joins the request in flight.
    @discardableResult
    public func request(_ trigger: Trigger) async -> AgePolicy {
        if let inFlight { return await inFlight.value }
        let task = Task { await self.performRequest() }
        inFlight = task
        lastTrigger = trigger
        isRequesting = true
        let result = await task.value
        inFlight = nil
        isRequesting = false
        return result
    }

    /// Below 26 there is no age range API: the app asks "18 or older?" (never a date picker)
    /// and records the answer as self-declared.
    public func recordAdultAnswer(_ isAdult: Bool) {
        apply(.adultQuestion(isAdult: isAdult, gates: configuration.gates))
    }

    private func performRequest() async -> AgePolicy {
        let gates = configuration.gates
        let askedAt = clock.now
        switch await Deadline.run(
            within: service.answersWithoutWaiting ? nil : configuration.requestDeadline, clock: clock,
            { [service] () async throws(AgeRangeProviderError) in
                try await service.requestAgeRange(gates: gates)
            })
        {
        case .value(let response):
            lastFailure = nil
            recordRequest(at: askedAt)
            apply(AgePolicy(response: response, gates: gates))
        case .failed(let error):
            lastFailure = .error(error)
            let rule = ErrorRule(error)
            if rule == .programmerError { configuration.onProgrammerError(error) }
            let next = rule.policy(after: policy)
            if rule == .decline {
                recordRequest(at: askedAt)
                apply(next)
            } else {
                policy = next
            }
        case .timedOut:
            lastFailure = .timedOut
            policy = ErrorRule.unavailable.policy(after: policy)
        }
        return policy
    }

    /// Counts a request for the cadence: only one the system answered (a range or a decline).
    /// A failed or unanswered request is not an ask, so it never starts a limit's clock.
    private func recordRequest(at date: Date) {
        var cadence = CadenceRecord(decoding: store.string(forKey: CadenceRecord.key))
        cadence.recordRequest(at: date)
        try? store.set(cadence.encoded, forKey: CadenceRecord.key)
    }

    /// Sets an answer and stores it (a storage failure leaves the answer in memory).
    private func apply(_ answer: AgePolicy) {
        policy = answer
        try? AgeRecord.save(answer, to: store)
    }
}
