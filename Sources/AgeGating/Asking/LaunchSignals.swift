import AgeSignals

/// What the system said at launch about whether age assurance applies to this person. A
/// signal is nil when its call does not exist on this OS, failed or timed out; the failure,
/// when there was one, is kept beside it.
public struct LaunchSignals: Hashable, Sendable {
    /// 26.2+: `isEligibleForAgeFeatures`.
    public var isEligible: Bool?
    /// 26.4+: `requiredRegulatoryFeatures`.
    public var regulatoryFeatures: Set<RegulatoryFeature>?
    /// Why eligibility is nil although the call exists.
    public var eligibilityFailure: AgeGate.Failure?
    /// Why the regulatory features are nil although the call exists.
    public var regulatoryFeaturesFailure: AgeGate.Failure?

    /// The signals of one launch; a nil one was not read.
    public init(
        isEligible: Bool? = nil, regulatoryFeatures: Set<RegulatoryFeature>? = nil,
        eligibilityFailure: AgeGate.Failure? = nil, regulatoryFeaturesFailure: AgeGate.Failure? = nil
    ) {
        self.isEligible = isEligible
        self.regulatoryFeatures = regulatoryFeatures
        self.eligibilityFailure = eligibilityFailure
        self.regulatoryFeaturesFailure = regulatoryFeaturesFailure
    }

    /// Whether the system requires an age check for this person.
    public enum Regulation: String, Hashable, Sendable {
        /// The law applies to this person: the app must check the age.
        case required
        /// The system says no age check is required.
        case notRequired
        /// The call that decides failed or timed out: the careful side treats it as required.
        case unknown
    }

    /// The launch table, read the way the platform and OS allow:
    ///
    /// | platform, OS | required when | unknown when |
    /// | --- | --- | --- |
    /// | macOS | never: macOS does not require age assurance | - |
    /// | 26.4 and later | `declaredAgeRangeRequired` is reported, or eligibility is true (Apple support advises both) | `requiredRegulatoryFeatures` failed and eligibility is not true: eligibility misreports false, so it never stands in for the authoritative check |
    /// | 26.2 to 26.3 | eligibility is true | eligibility failed |
    /// | 26.0 to 26.1 (iOS, iPadOS) | - | always: there is no region check, and seed 002 asks at every launch |
    /// | below 26, visionOS, tvOS, watchOS | never: there is no age range API | - |
    public func regulation(on capabilities: PlatformCapabilities) -> Regulation {
        guard capabilities.requiresAgeAssurance else { return .notRequired }
        if capabilities.hasRequiredRegulatoryFeatures {
            if regulatoryFeatures?.contains(.declaredAgeRangeRequired) == true || isEligible == true {
                return .required
            }
            return regulatoryFeatures == nil ? .unknown : .notRequired
        }
        if capabilities.hasEligibility {
            guard let isEligible else { return .unknown }
            return isEligible ? .required : .notRequired
        }
        // 26.0-26.1 can ask but not check: "no check" says nothing about the person (seed 000
        // never asks there, seed 002 asks everyone; the careful side asks).
        return capabilities.canRequestAgeRange ? .unknown : .notRequired
    }

    /// Whether the launch treats the person as regulated: required, or unknown (the careful side).
    public func isRegulated(on capabilities: PlatformCapabilities) -> Bool {
        regulation(on: capabilities) != .notRequired
    }

    /// Reads every signal call the platform has, at the same time and each under its own
    /// deadline: a hung or failing eligibility call never cancels `requiredRegulatoryFeatures`
    /// (or the other way round). A service that cannot hang is read one call after the other.
    public static func read(
        from service: any AgeRangeProvider, capabilities: PlatformCapabilities, deadline: Duration,
        clock: any AppClock
    ) async -> LaunchSignals {
        let limit = service.answersWithoutWaiting ? nil : deadline
        let readsEligibility = capabilities.hasEligibility && !capabilities.eligibilityAlwaysFalse
        let readsFeatures = capabilities.hasRequiredRegulatoryFeatures
        let readEligibility: @Sendable () async -> CallOutcome<Bool>? = {
            guard readsEligibility else { return nil }
            return await Deadline.run(within: limit, clock: clock) { () async throws(AgeRangeProviderError) -> Bool in
                try await service.isEligibleForAgeFeatures()
            }
        }
        let readFeatures: @Sendable () async -> CallOutcome<Set<RegulatoryFeature>>? = {
            guard readsFeatures else { return nil }
            return await Deadline.run(within: limit, clock: clock) {
                () async throws(AgeRangeProviderError) -> Set<RegulatoryFeature> in
                try await service.requiredRegulatoryFeatures()
            }
        }
        let eligibility: CallOutcome<Bool>?
        let features: CallOutcome<Set<RegulatoryFeature>>?
        if limit == nil {
            eligibility = await readEligibility()
            features = await readFeatures()
        } else {
            async let concurrentEligibility = readEligibility()
            async let concurrentFeatures = readFeatures()
            (eligibility, features) = await (concurrentEligibility, concurrentFeatures)
        }
        var signals = LaunchSignals()
        switch eligibility {
        case .value(let value): signals.isEligible = value
        case .failed(let error): signals.eligibilityFailure = .error(error)
        case .timedOut: signals.eligibilityFailure = .timedOut
        case nil: signals.isEligible = capabilities.hasEligibility ? false : nil  // macOS: always false
        }
        switch features {
        case .value(let value): signals.regulatoryFeatures = value
        case .failed(let error): signals.regulatoryFeaturesFailure = .error(error)
        case .timedOut: signals.regulatoryFeaturesFailure = .timedOut
        case nil: break
        }
        return signals
    }
}
