import AgeGating
import AgeSignals

/// What the app's owner chose for one app. Every field has a documented default, so an
/// empty settings file means: protection on, threshold 16, everything optional off for
/// people under the threshold, ads with a tracking usage description and the consent form.
public struct OwnerSettings: Hashable, Sendable {
    /// Whether the age step asks at all. Off: everyone counts as over, nobody is asked.
    public var ageProtection: Bool
    /// The age the person is compared with (the reference engine uses 16).
    public var threshold: Int
    /// The features, besides those always off (see ``GuardedFeature/alwaysOffUnderThreshold``),
    /// that are off for people under the threshold.
    public var featuresOffUnderThreshold: Set<GuardedFeature>
    /// Whether the app shows third-party ads.
    public var hasAds: Bool
    /// Whether the app declares a tracking usage description (without one the system
    /// tracking prompt cannot be shown).
    public var hasTrackingUsageDescription: Bool
    /// Whether the consent form may be shown. Off does not skip the consent refresh.
    public var consentFormEnabled: Bool
    /// Whether the app shows welcome screens at launch; the notification prompt waits for them.
    public var hasWelcomeScreens: Bool
    /// Whether the app uses location; the location prompt comes last and only then.
    public var usesLocation: Bool
    /// When the age step asks, the same swappable rule as the gate's (Alabama: at most once
    /// per 12 months; California: at download and at launch); nil asks at every launch while
    /// the system says the person is regulated.
    public var cadence: CadenceRule?

    /// The threshold when the owner sets none: 16.
    public static let defaultThreshold = 16
    /// The thresholds the settings accept: one valid age gate, and no higher than 21.
    public static let thresholdRange = 2...21

    /// Settings; every default is the careful choice (protection on, threshold 16, every owner choice off).
    public init(
        ageProtection: Bool = true,
        threshold: Int = OwnerSettings.defaultThreshold,
        featuresOffUnderThreshold: Set<GuardedFeature> = Set(GuardedFeature.ownerChoices),
        hasAds: Bool = true,
        hasTrackingUsageDescription: Bool = true,
        consentFormEnabled: Bool = true,
        hasWelcomeScreens: Bool = false,
        usesLocation: Bool = true
    ) {
        self.ageProtection = ageProtection
        self.threshold = threshold
        self.featuresOffUnderThreshold = featuresOffUnderThreshold
        self.hasAds = hasAds
        self.hasTrackingUsageDescription = hasTrackingUsageDescription
        self.consentFormEnabled = consentFormEnabled
        self.hasWelcomeScreens = hasWelcomeScreens
        self.usesLocation = usesLocation
    }

    /// Checks the values a type cannot: the threshold must be a valid single age gate.
    public func validated() throws(PrivacyLaunchError) -> OwnerSettings {
        guard Self.thresholdRange.contains(threshold) else {
            throw PrivacyLaunchError(
                .invalidSetting,
                "'threshold' must be a whole number from \(Self.thresholdRange.lowerBound) to "
                    + "\(Self.thresholdRange.upperBound), got \(threshold)")
        }
        return self
    }

    /// The one gate the age step asks about: which side of the threshold the person is on.
    public var ageGates: AgeGates {
        // `validated()` keeps the threshold within a range AgeGates accepts; a settings value
        // built by hand with a bad threshold falls back to the default gate, never traps.
        (try? AgeGates([threshold])) ?? (try! AgeGates([Self.defaultThreshold]))
    }

    /// Whether `feature` is off for a person under the threshold.
    public func isOffUnderThreshold(_ feature: GuardedFeature) -> Bool {
        feature.alwaysOffUnderThreshold || featuresOffUnderThreshold.contains(feature)
    }
}
