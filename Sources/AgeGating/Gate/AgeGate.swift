import AgeSignals
import Observation

/// The app's age gate: owns the policy, asks the system at the right moments and never
/// otherwise, survives every error and keeps nothing but the ``AgeRecord``.
///
/// One request is in flight at a time (a second caller joins it). Every system call has a
/// deadline; a call that passes it counts as unavailable for this launch.
@Observable
@MainActor
public final class AgeGate {
    /// The app's choices.
    public struct Configuration: Sendable {
        /// The app's own gates.
        public var gates: AgeGates
        /// The platform and OS the app runs on.
        public var capabilities: PlatformCapabilities
        /// The deadline on every system call.
        public var deadline: Duration
        /// When the app would ask at launch (its profile's rule).
        public var cadence: CadenceRule
        /// The rule the person's region sets, where the app learns it (nil: none): the app's
        /// rule may only tighten it (``CadenceRule/inForce(app:region:)``).
        public var regionCadence: CadenceRule?
        /// The rule the gate follows.
        public var cadenceInForce: CadenceRule { CadenceRule.inForce(app: cadence, region: regionCadence) }
        /// Called on `invalidRequest` (a programmer error); asserts by default.
        public var onProgrammerError: @Sendable (AgeRangeServiceError) -> Void
        /// The App Store blocks 18+ downloads here unless the account is a confirmed adult
        /// (Australia, Brazil, Singapore): the app's 18+ features then need one too.
        public var adultFeaturesNeedConfirmedAdult: Bool = false

        /// What every feature decision of this gate depends on besides the policy.
        public var decisionContext: DecisionContext {
            DecisionContext(
                hasAgeRangeAPI: capabilities.canRequestAgeRange,
                adultFeaturesNeedConfirmedAdult: adultFeaturesNeedConfirmedAdult)
        }

        public init(
            gates: AgeGates, capabilities: PlatformCapabilities, deadline: Duration = .seconds(10),
            cadence: CadenceRule = .everyLaunchWhenRequired,
            onProgrammerError: @escaping @Sendable (AgeRangeServiceError) -> Void = { error in
                assertionFailure("the age range request was invalid: \(error)")
            }
        ) {
            self.gates = gates
            self.capabilities = capabilities
            self.deadline = deadline
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
        case error(AgeRangeServiceError)
        case timedOut
    }

    /// What the launch check did.
    public struct LaunchReport: Hashable, Sendable {
        public var signals: LaunchSignals
        public var isRegulated: Bool
        public var asked: Bool
        public var policy: AgePolicy
        /// The launch table's verdict (``LaunchSignals/regulation(on:)``).
        public var regulation: LaunchSignals.Regulation = .notRequired
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

    public let configuration: Configuration
    @ObservationIgnored private let service: any AgeRangeService
    @ObservationIgnored private let store: any KeyValueStore
    @ObservationIgnored private let clock: any AgeGateClock
    @ObservationIgnored private var inFlight: Task<AgePolicy, Never>?

    /// Reads the stored record; an unreadable one reads as not asked.
    public init(
        service: any AgeRangeService, configuration: Configuration, store: any KeyValueStore,
        clock: any AgeGateClock = SystemAgeGateClock()
    ) {
        self.service = service
        self.configuration = configuration
        self.store = store
        self.clock = clock
        self.policy = AgeRecord.load(from: store, gates: configuration.gates)
    }

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
    /// deadline), asks if they and the cadence rule say so. A decline is never asked again
    /// here, except once when the person becomes regulated (a law that starts). A signal that failed or hung never skips the request: where the call that
    /// decides failed, the careful side asks.
    @discardableResult
    public func launch() async -> LaunchReport {
        let capabilities = configuration.capabilities
        let signals = await LaunchSignals.read(
            from: service, capabilities: capabilities, deadline: configuration.deadline, clock: clock)
        if let failure = signals.regulatoryFeaturesFailure ?? signals.eligibilityFailure { lastFailure = failure }
        let isRegulated = signals.isRegulated(on: capabilities)
        var cadence = CadenceRecord(decoding: store.string(forKey: CadenceRecord.key))
        let context = CadenceRule.Context(
            isRegulated: isRegulated, isFirstLaunch: !cadence.hasLaunched, lastRequest: cadence.lastRequest,
            now: clock.now)
        // A law that starts for this person runs the check once, whatever was stored before
        // it (a decline given where nobody had to answer) and whatever the cadence counted.
        let lawStarted = cadence.regulationStarted(isRegulated: isRegulated)
        let asks =
            capabilities.canRequestAgeRange
            && (lawStarted || (policy != .declined && configuration.cadenceInForce.asksAtLaunch(context)))
        cadence.hasLaunched = true
        cadence.lastLaunchRegulated = isRegulated
        try? store.set(cadence.encoded, forKey: CadenceRecord.key)
        if asks { await request(.launch) }
        let report = LaunchReport(
            signals: signals, isRegulated: isRegulated, asked: asks, policy: policy,
            regulation: signals.regulation(on: capabilities))
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
        var cadence = CadenceRecord(decoding: store.string(forKey: CadenceRecord.key))
        cadence.recordRequest(at: clock.now)
        try? store.set(cadence.encoded, forKey: CadenceRecord.key)
        switch await Deadline.run(
            within: service.answersWithoutWaiting ? nil : configuration.deadline, clock: clock,
            { [service] () async throws(AgeRangeServiceError) in
                try await service.requestAgeRange(gates: gates)
            })
        {
        case .value(let response):
            lastFailure = nil
            apply(AgePolicy(response: response, gates: gates))
        case .failed(let error):
            lastFailure = .error(error)
            let rule = ErrorRule(error)
            if rule == .programmerError { configuration.onProgrammerError(error) }
            let next = rule.policy(after: policy)
            if rule == .decline { apply(next) } else { policy = next }
        case .timedOut:
            lastFailure = .timedOut
            policy = ErrorRule.unavailable.policy(after: policy)
        }
        return policy
    }

    /// Sets an answer and stores it (a storage failure leaves the answer in memory).
    private func apply(_ answer: AgePolicy) {
        policy = answer
        try? AgeRecord.save(answer, to: store)
    }
}
