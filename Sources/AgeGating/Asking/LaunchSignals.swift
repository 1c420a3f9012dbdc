import AgeSignals

/// What the system said at launch about whether age assurance applies to this person. A
/// signal is nil when its call does not exist on this OS, failed or timed out.
public struct LaunchSignals: Hashable, Sendable {
    /// 26.2+: `isEligibleForAgeFeatures`.
    public var isEligible: Bool?
    /// 26.4+: `requiredRegulatoryFeatures`.
    public var regulatoryFeatures: Set<RegulatoryFeature>?

    public init(isEligible: Bool? = nil, regulatoryFeatures: Set<RegulatoryFeature>? = nil) {
        self.isEligible = isEligible
        self.regulatoryFeatures = regulatoryFeatures
    }

    /// Whether the system says the person is regulated, read the way the OS allows:
    ///
    /// | OS | regulated when |
    /// | --- | --- |
    /// | 26.4 and later | `declaredAgeRangeRequired` is reported, or eligibility is true (Apple support advises using both: eligibility misreports) |
    /// | 26.2 to 26.3 | eligibility is true |
    /// | below 26.2 | never: there is no region check, so nothing is asked at launch |
    public func isRegulated(on capabilities: PlatformCapabilities) -> Bool {
        if capabilities.hasRequiredRegulatoryFeatures {
            return regulatoryFeatures?.contains(.declaredAgeRangeRequired) == true || isEligible == true
        }
        if capabilities.hasEligibility {
            return isEligible == true
        }
        return false
    }
}
