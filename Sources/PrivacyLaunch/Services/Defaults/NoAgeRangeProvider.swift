import AgeSignals

/// No age range service: for a launch that asks through an `AgeGate`. Called anyway, it
/// answers `notAvailable` (unavailable this launch, nothing stored).
public struct NoAgeRangeProvider: AgeRangeProvider {
    /// The stand-in service.
    public init() {}
    public func requestAgeRange(gates: AgeGates) async throws(AgeRangeProviderError) -> AgeRangeResponse {
        throw .notAvailable
    }
    public func isEligibleForAgeFeatures() async throws(AgeRangeProviderError) -> Bool { throw .notAvailable }
    public func requiredRegulatoryFeatures() async throws(AgeRangeProviderError) -> Set<RegulatoryFeature> {
        throw .notAvailable
    }
    public var answersWithoutWaiting: Bool { true }
}
