/// The system's age-assurance service. The simulator and the Apple bridge are two
/// implementations; every call may hang, so callers put a deadline on it.
public protocol AgeRangeProvider: Sendable {
    /// Asks the person (or returns the system's cached answer) for their age range.
    func requestAgeRange(gates: AgeGates) async throws(AgeRangeProviderError) -> AgeRangeResponse
    /// 26.2+: whether age features apply to this person. Known to be unreliable.
    func isEligibleForAgeFeatures() async throws(AgeRangeProviderError) -> Bool
    /// 26.4+: what the law requires for this person.
    func requiredRegulatoryFeatures() async throws(AgeRangeProviderError) -> Set<RegulatoryFeature>
    /// True only while no call can hang (a simulator with no hang configured): callers then
    /// await the calls directly, because a deadline could never fire. Apple's service: false.
    var answersWithoutWaiting: Bool { get }
}

extension AgeRangeProvider {
    public var answersWithoutWaiting: Bool { false }
}
