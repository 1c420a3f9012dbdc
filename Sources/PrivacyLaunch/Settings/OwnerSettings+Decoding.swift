import AgeGating

/// Owner settings are read from JSON (the format is in `docs/privacy-launch.md`). Unknown
/// keys are an error, not ignored: a misspelt `"ageProtecton": false` must not silently
/// leave protection on, nor a misspelt `"hasAdds"` silently keep ads.
extension OwnerSettings: Codable {
    /// The keys of the settings' JSON; any other key is an error.
    public enum Key: String, CodingKey, CaseIterable, Sendable {
        /// The keys of the age step, the guards and the tracking step.
        case ageProtection, threshold, featuresOffUnderThreshold, hasAds, hasTrackingUsageDescription
        /// The keys of the consent form, the welcome screens, location and the cadence.
        case consentFormEnabled, hasWelcomeScreens, usesLocation, cadence
    }

    private struct AnyKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    public init(from decoder: any Decoder) throws {
        let container: KeyedDecodingContainer<AnyKey>
        do {
            container = try decoder.container(keyedBy: AnyKey.self)
        } catch {
            throw PrivacyLaunchError(.malformedSettings, "owner settings must be a JSON object")
        }
        let known = Key.allCases.map(\.rawValue)
        if let unknown = container.allKeys.map(\.stringValue).sorted().first(where: { !known.contains($0) }) {
            throw PrivacyLaunchError(
                .unknownSetting, "unknown owner setting '\(unknown)' (known: \(known.joined(separator: ", ")))")
        }
        func bool(_ key: Key) throws -> Bool? {
            do {
                return try container.decodeIfPresent(Bool.self, forKey: AnyKey(stringValue: key.rawValue))
            } catch {
                throw PrivacyLaunchError(.invalidSetting, "'\(key.rawValue)' must be true or false")
            }
        }
        var settings = OwnerSettings()
        if let value = try bool(.ageProtection) { settings.ageProtection = value }
        if let value = try bool(.hasAds) { settings.hasAds = value }
        if let value = try bool(.hasTrackingUsageDescription) { settings.hasTrackingUsageDescription = value }
        if let value = try bool(.consentFormEnabled) { settings.consentFormEnabled = value }
        if let value = try bool(.hasWelcomeScreens) { settings.hasWelcomeScreens = value }
        if let value = try bool(.usesLocation) { settings.usesLocation = value }
        let thresholdKey = AnyKey(stringValue: Key.threshold.rawValue)
        if container.contains(thresholdKey) {
            guard let threshold = try? container.decode(Int.self, forKey: thresholdKey) else {
                throw PrivacyLaunchError(.invalidSetting, "'threshold' must be a whole number")
            }
            settings.threshold = threshold
        }
        let cadenceKey = AnyKey(stringValue: Key.cadence.rawValue)
        if container.contains(cadenceKey) {
            guard let text = try? container.decode(String.self, forKey: cadenceKey) else {
                throw PrivacyLaunchError(.invalidSetting, "'cadence' must be a cadence name such as every-12-months")
            }
            do {
                settings.cadence = try CadenceRule(parsing: text)
            } catch {
                throw PrivacyLaunchError(.invalidSetting, "'cadence': \(error.reason)")
            }
        }
        let featuresKey = AnyKey(stringValue: Key.featuresOffUnderThreshold.rawValue)
        if container.contains(featuresKey) {
            guard let names = try? container.decode([String].self, forKey: featuresKey) else {
                throw PrivacyLaunchError(.invalidSetting, "'featuresOffUnderThreshold' must be a list of feature names")
            }
            var features: Set<GuardedFeature> = []
            for name in names {
                guard let feature = GuardedFeature(rawValue: name) else {
                    let all = GuardedFeature.allCases.map(\.rawValue).joined(separator: ", ")
                    throw PrivacyLaunchError(
                        .invalidSetting, "'\(name)' in 'featuresOffUnderThreshold' is not a feature (\(all))")
                }
                features.insert(feature)
            }
            settings.featuresOffUnderThreshold = features
        }
        self = try settings.validated()
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(ageProtection, forKey: .ageProtection)
        try container.encode(threshold, forKey: .threshold)
        try container.encode(featuresOffUnderThreshold.sorted().map(\.rawValue), forKey: .featuresOffUnderThreshold)
        try container.encode(hasAds, forKey: .hasAds)
        try container.encode(hasTrackingUsageDescription, forKey: .hasTrackingUsageDescription)
        try container.encode(consentFormEnabled, forKey: .consentFormEnabled)
        try container.encode(hasWelcomeScreens, forKey: .hasWelcomeScreens)
        try container.encode(usesLocation, forKey: .usesLocation)
        try container.encodeIfPresent(cadence?.description, forKey: .cadence)
    }
}
