import AgeKit

/// VinylCrate's screens and what each needs from the age policy: gates 13, 16 and 18, which
/// match the Texas categories and California's brackets, so a regional override mostly
/// returns the bands the app asked for.
public enum CrateFeature: String, Hashable, Sendable, CaseIterable {
    /// Browsing the collection: everyone.
    case collection
    /// Community notes on a release: 13 and up.
    case communityNotes
    /// Messaging a seller: 16 and up, and closed while communication limits are on.
    case marketplaceMessages
    /// Seller payouts: adults whose age was checked (card or ID).
    case sellerPayouts

    public static let gates = try! AgeGates(13, 16, 18)

    public var requirement: FeatureRequirement {
        switch self {
        case .collection: FeatureRequirement()
        case .communityNotes: FeatureRequirement(minimumAge: 13)
        case .marketplaceMessages: FeatureRequirement(minimumAge: 16, blockedByCommunicationLimits: true)
        case .sellerPayouts: FeatureRequirement(requiresConfirmedAdult: true)
        }
    }

    /// The name significant changes use to block the feature.
    public var scopeName: String { rawValue }

    /// The privacy launch sequence's settings: age protection on, threshold 16, ads with a
    /// tracking usage description, the consent form on.
    public static let privacy = OwnerSettings(
        ageProtection: true, threshold: 16, hasAds: true, hasTrackingUsageDescription: true, consentFormEnabled: true,
        hasWelcomeScreens: false, usesLocation: false)
}
