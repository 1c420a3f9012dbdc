import AgeSignals

/// Failures to inject into the simulated system, one switch per call, plus the eligibility
/// misreports seen in production.
public struct SimulatorFaults: Hashable, Sendable {
    /// What a faulty call does.
    public enum Fault: Hashable, Sendable {
        /// Throws the error. A 27.0 error on an older OS throws `notAvailable`: that OS has no
        /// such case.
        case error(AgeRangeProviderError)
        /// Never returns until cancelled.
        case hang
    }

    /// What `requestAgeRange(gates:)` does instead of answering; nil answers.
    public var request: Fault?
    /// What `isEligibleForAgeFeatures` does instead of answering; nil answers.
    public var eligibility: Fault?
    /// What `requiredRegulatoryFeatures` does instead of answering; nil answers.
    public var regulatoryFeatures: Fault?
    /// Eligibility reads false in regions where that was reported (Brazil, Texas).
    public var eligibilityFalseNegative: Bool
    /// Eligibility reads true in an unregulated region.
    public var eligibilityFalsePositive: Bool

    /// Faults for the calls given; every other call answers.
    public init(
        request: Fault? = nil, eligibility: Fault? = nil, regulatoryFeatures: Fault? = nil,
        eligibilityFalseNegative: Bool = false, eligibilityFalsePositive: Bool = false
    ) {
        self.request = request
        self.eligibility = eligibility
        self.regulatoryFeatures = regulatoryFeatures
        self.eligibilityFalseNegative = eligibilityFalseNegative
        self.eligibilityFalsePositive = eligibilityFalsePositive
    }

    /// No faults: every call answers.
    public static let none = SimulatorFaults()

    /// Whether a call hangs: only then does anything sleep past a deadline on the clock.
    public var hangs: Bool { [request, eligibility, regulatoryFeatures].contains(.hang) }

    /// Every call hangs.
    public static let hangEverywhere = SimulatorFaults(request: .hang, eligibility: .hang, regulatoryFeatures: .hang)
}
