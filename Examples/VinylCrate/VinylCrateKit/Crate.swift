import AgeKit

/// VinylCrate's choices, as AgeKit reads them: its screens and what each needs, the change it
/// shipped, and its privacy settings. Everything else is `AgeAssurance`'s.
public enum Crate {
    /// Gates 13, 16 and 18 match the Texas categories and California's brackets, so a regional
    /// override mostly returns the bands the app asked for.
    public static let profile = AppProfile(
        gates: try! AgeGates(13, 16, 18),
        features: [
            .init(name: "collection", requirement: FeatureRequirement()),
            .init(name: "notes", requirement: FeatureRequirement(minimumAge: 13)),
            // Closed while communication limits are on, until a guardian allows the seller.
            .init(
                name: "messages", requirement: FeatureRequirement(minimumAge: 16, blockedByCommunicationLimits: true)),
            // Adults whose age was checked (card or ID).
            .init(name: "payouts", requirement: FeatureRequirement(requiresConfirmedAdult: true)),
        ])

    /// Version 2.0 (build 2.0: this app numbers builds like versions) added messages between
    /// buyers and sellers, with a description a guardian can judge.
    public static let sellerChat = try! SignificantChange(
        id: "seller-chat", introducedIn: AppVersion(2, 0), introducedInBuild: AppVersion(2, 0),
        description: "Adds messages between buyers and sellers in the marketplace", scope: .features(["messages"]))

    /// Age protection on with threshold 16, ads with a tracking usage description, the consent form on.
    public static let privacy = OwnerSettings(
        ageProtection: true, threshold: 16, hasAds: true, hasTrackingUsageDescription: true, consentFormEnabled: true,
        hasWelcomeScreens: false, usesLocation: false)

    /// The app's choices on a device with `capabilities`.
    public static func configuration(_ capabilities: PlatformCapabilities) -> AgeAssurance.Configuration {
        AgeAssurance.Configuration(
            profile: profile, privacy: privacy,
            catalog: try! ChangeCatalog(changes: [sellerChat], appVersion: AppVersion(2, 1)), capabilities: capabilities
        )
    }
}
