import AgeSignals

/// What one feature of the app needs from the age policy. A feature with no requirement is
/// open to everyone, whatever the policy.
public struct FeatureRequirement: Hashable, Sendable {
    /// The youngest age allowed; nil for none.
    public var minimumAge: Int?
    /// Closed while a guardian's communication limits are on (messaging, chat, ...).
    public var blockedByCommunicationLimits: Bool
    /// Only for an adult whose age was checked (payouts, ...), see ``TrustLevel/confirmed``.
    public var requiresConfirmedAdult: Bool

    /// The age a confirmed adult must reach when the feature names no higher minimum.
    public static let adultAge = 18

    /// A requirement; the default is open to everyone.
    public init(
        minimumAge: Int? = nil, blockedByCommunicationLimits: Bool = false, requiresConfirmedAdult: Bool = false
    ) {
        self.minimumAge = minimumAge
        self.blockedByCommunicationLimits = blockedByCommunicationLimits
        self.requiresConfirmedAdult = requiresConfirmedAdult
    }

    /// The minimum age in force, counting the adult age of ``requiresConfirmedAdult``.
    @inlinable
    public var effectiveMinimumAge: Int? {
        guard requiresConfirmedAdult else { return minimumAge }
        return max(minimumAge ?? 0, Self.adultAge)
    }

    /// Whether the feature depends on the age policy at all. Communication limits count: they
    /// are only known from a shared range.
    @inlinable
    public var isGated: Bool {
        minimumAge != nil || blockedByCommunicationLimits || requiresConfirmedAdult
    }
}
