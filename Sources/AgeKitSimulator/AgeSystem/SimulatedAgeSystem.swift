import AgeSignals

/// Apple's age-assurance system, simulated: one person on one device (platform and OS) in
/// one region, on a deterministic clock. Implements the same `AgeRangeProvider` protocol the
/// Apple bridge implements, so every gate flow runs on Linux.
///
/// What it reproduces: the app's gates or the law's bands, the regional maximum, regions
/// where a person cannot decline, anniversary caching (and an early refresh from Settings),
/// OS layering of declarations, errors and calls, and injected faults.
public final class SimulatedAgeSystem: AgeRangeProvider, Sendable {
    /// Everything that decides an answer.
    public struct Setup: Hashable, Sendable {
        /// The person the system answers about.
        public var person: SimulatedPerson
        /// The region of the person's account.
        public var region: Region
        /// The device's platform and OS, which decide the calls and cases available.
        public var capabilities: PlatformCapabilities
        /// The failures injected into each call.
        public var faults: SimulatorFaults

        /// A setup on iOS 26.5 in the unregulated region with no faults, unless given.
        public init(
            person: SimulatedPerson, region: Region = .unregulated,
            capabilities: PlatformCapabilities = PlatformCapabilities(platform: .iOS, os: OSVersion(26, 5)),
            faults: SimulatorFaults = .none
        ) {
            self.person = person
            self.region = region
            self.capabilities = capabilities
            self.faults = faults
        }
    }

    /// How often each call was made (a request that showed no sheet counts too).
    public struct CallCounts: Hashable, Sendable {
        /// Calls to `requestAgeRange(gates:)`.
        public var requests = 0
        /// Calls to `isEligibleForAgeFeatures`.
        public var eligibility = 0
        /// Calls to `requiredRegulatoryFeatures`.
        public var regulatoryFeatures = 0

        /// No calls yet.
        public init() {}
    }

    private struct State {
        var setup: Setup
        var calls = CallCounts()
    }

    /// The clock that gives the system its day: ages, anniversaries and rollouts follow it.
    public let clock: SimulatedClock
    private let state: Locked<State>

    /// A system with `setup` on `clock`.
    public init(_ setup: Setup, clock: SimulatedClock = SimulatedClock()) {
        self.clock = clock
        self.state = Locked(State(setup: setup))
    }

    /// A sandbox persona on `clock`'s day.
    public convenience init(
        persona: SandboxPersona, region: Region = .unregulated,
        capabilities: PlatformCapabilities = PlatformCapabilities(platform: .iOS, os: OSVersion(26, 5)),
        faults: SimulatorFaults = .none, clock: SimulatedClock = SimulatedClock()
    ) {
        self.init(
            Setup(
                person: persona.person(today: clock.today), region: region, capabilities: capabilities, faults: faults),
            clock: clock)
    }

    /// The current setup (it changes only through ``update(_:)`` and ``updateAgeInSettings()``).
    public var setup: Setup { state.withLock { $0.setup } }
    /// How often each call has been made so far.
    public var calls: CallCounts { state.withLock { $0.calls } }

    /// Changes the setup (person, region, device, faults) between calls.
    public func update(_ change: (inout Setup) -> Void) {
        state.withLock { change(&$0.setup) }
    }

    /// The person updates their age in Settings: the next answer uses today's age.
    public func updateAgeInSettings() {
        let today = clock.today
        state.withLock { $0.setup.person.updateAgeInSettings(on: today) }
    }

    // MARK: AgeRangeProvider

    /// Only a hang fault makes a call wait: without one every call answers at once.
    public var answersWithoutWaiting: Bool { !state.withLock { $0.setup.faults.hangs } }

    public func requestAgeRange(gates: AgeGates) async throws(AgeRangeProviderError) -> AgeRangeResponse {
        let setup = state.withLock { state in
            state.calls.requests += 1
            return state.setup
        }
        guard setup.capabilities.canRequestAgeRange else { throw .notAvailable }
        try await perform(setup.faults.request, on: setup.capabilities)
        return Self.answer(gates: gates, setup: setup, today: clock.today)
    }

    public func isEligibleForAgeFeatures() async throws(AgeRangeProviderError) -> Bool {
        let setup = state.withLock { state in
            state.calls.eligibility += 1
            return state.setup
        }
        guard setup.capabilities.hasEligibility else { throw .notAvailable }
        try await perform(setup.faults.eligibility, on: setup.capabilities)
        return Self.eligibility(setup: setup, today: clock.today)
    }

    public func requiredRegulatoryFeatures() async throws(AgeRangeProviderError) -> Set<RegulatoryFeature> {
        let setup = state.withLock { state in
            state.calls.regulatoryFeatures += 1
            return state.setup
        }
        guard setup.capabilities.hasRequiredRegulatoryFeatures else { throw .notAvailable }
        try await perform(setup.faults.regulatoryFeatures, on: setup.capabilities)
        return Self.regulatoryFeatures(setup: setup, today: clock.today)
    }

    /// Throws or hangs as the fault says. A hang sleeps on the simulated clock until the
    /// caller gives up and cancels.
    private func perform(
        _ fault: SimulatorFaults.Fault?, on capabilities: PlatformCapabilities
    )
        async throws(AgeRangeProviderError)
    {
        switch fault {
        case nil:
            return
        case .error(let error):
            throw Self.layered(error, on: capabilities)
        case .hang:
            try? await clock.sleep(for: .seconds(100 * 365 * 86_400))
            throw .notAvailable
        }
    }
}
