/// Which age-assurance calls and cases exist on a platform at an OS version, so that
/// AgeKit never calls what the system lacks.
public struct PlatformCapabilities: Hashable, Sendable {
    public let platform: Platform
    public let os: OSVersion

    public init(platform: Platform, os: OSVersion) {
        self.platform = platform
        self.os = os
    }

    /// tvOS and watchOS have no age range or consent API: only the rating code.
    public var readsRatingCodeOnly: Bool { platform == .tvOS || platform == .watchOS }

    private var hasAgeRangeAPI: Bool { !readsRatingCodeOnly && platform != .visionOS }

    /// 26.0: `requestAgeRange`.
    public var canRequestAgeRange: Bool { hasAgeRangeAPI && os >= OSVersion(26, 0) }

    /// 26.2: `isEligibleForAgeFeatures`.
    public var hasEligibility: Bool { hasAgeRangeAPI && os >= OSVersion(26, 2) }

    /// macOS answers false to eligibility whoever the person is.
    public var eligibilityAlwaysFalse: Bool { platform == .macOS }

    /// 26.4: `requiredRegulatoryFeatures` (not on visionOS, tvOS or watchOS).
    public var hasRequiredRegulatoryFeatures: Bool { hasAgeRangeAPI && os >= OSVersion(26, 4) }

    /// 26.4: the system sheet telling an adult about a significant change (no macOS API).
    public var hasAcknowledgmentSheet: Bool {
        [.iOS, .iPadOS, .macCatalyst].contains(platform) && os >= OSVersion(26, 4)
    }

    /// 26.2: PermissionKit's significant-update question (no tvOS or watchOS).
    public var hasSignificantUpdateQuestion: Bool { !readsRatingCodeOnly && os >= OSVersion(26, 2) }

    /// 26.2 on every platform: StoreKit's `AppStore.ageRatingCode`.
    public var hasAgeRatingCode: Bool { os >= OSVersion(26, 2) }

    /// 26.5 reports a checked age as `confirmed`; 26.2 to 26.4 as one of six method cases.
    public var reportsConfirmed: Bool { os >= OSVersion(26, 5) }

    /// The declaration cases this system can return.
    public var declarationCases: [AgeRangeDeclaration] {
        AgeRangeDeclaration.knownCases.filter { declaration in
            guard let introduced = declaration.introducedIn, os >= introduced else { return false }
            return !(declaration.isCheckMethod && reportsConfirmed)
        }
    }

    /// The errors this system can throw.
    public var errorCases: [AgeRangeServiceError] {
        AgeRangeServiceError.knownCases.filter { error in error.introducedIn.map { os >= $0 } ?? false }
    }
}
