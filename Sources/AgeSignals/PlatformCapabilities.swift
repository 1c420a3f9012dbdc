/// Which age-assurance calls and cases exist on a platform at an OS version, so that
/// AgeKit never calls what the system lacks. The calls come from ``availability``, one row
/// per call as Apple's availability metadata lists them.
public struct PlatformCapabilities: Hashable, Sendable {
    /// The platform the app runs on.
    public let platform: Platform
    /// The OS version the app runs on.
    public let os: OSVersion

    /// What exists on `platform` at version `os`.
    public init(platform: Platform, os: OSVersion) {
        self.platform = platform
        self.os = os
    }

    /// A system call whose presence depends on the platform and the OS.
    public enum SystemCall: String, Hashable, Sendable, CaseIterable {
        /// DeclaredAgeRange `requestAgeRange` (and the SwiftUI action).
        case requestAgeRange
        /// DeclaredAgeRange `isEligibleForAgeFeatures`.
        case isEligibleForAgeFeatures
        /// DeclaredAgeRange `requiredRegulatoryFeatures`.
        case requiredRegulatoryFeatures
        /// The adult's significant-update acknowledgment sheet.
        case showSignificantUpdateAcknowledgment
        /// PermissionKit's significant-update question, asked from code: `AskCenter.ask(_:in:)`
        /// with a view controller (iOS, iPadOS, visionOS) or a window (macOS).
        case significantAppUpdateTopic
        /// PermissionKit's significant-update question in SwiftUI's `PermissionButton`, which
        /// asks when the child taps it (26.2, Mac Catalyst included).
        case significantUpdateButton
        /// PermissionKit's communication question, asked from code: `AskCenter.ask(_:in:)` with
        /// a view controller, `CommunicationLimits.ask(_:in:)` with a window on macOS; the
        /// answers arrive on `AskCenter.responses(for:)` (26.2).
        case communicationTopic
        /// StoreKit's `AppStore.ageRatingCode`.
        case ageRatingCode
    }

    /// Apple's availability rows: the OS version each call arrived in, per platform. A
    /// platform missing from a row has no such call (seed 003's table, APPLE-API.md, and each
    /// symbol's page). Mac Catalyst has `AskCenter` and `PermissionButton`, but the `ask(_:in:)`
    /// pages list no Catalyst row: the app's code cannot ask there, and the guardian question
    /// goes on the button (`PermissionButton(question:label:)` lists Mac Catalyst 26.2).
    ///
    /// | call | iOS, iPadOS | Mac Catalyst | macOS | visionOS | tvOS, watchOS |
    /// | --- | --- | --- | --- | --- | --- |
    /// | `requestAgeRange` | 26.0 | 26.0 | 26.0 | - | - |
    /// | `isEligibleForAgeFeatures` | 26.2 | 26.2 | 26.2 (always false) | - | - |
    /// | `requiredRegulatoryFeatures` | 26.4 | 26.4 | 26.4 | - | - |
    /// | acknowledgment sheet | 26.4 | 26.4 | - | - | - |
    /// | significant-update question from code | 26.2 | - | 26.2 | 26.2 | - |
    /// | significant-update `PermissionButton` | 26.2 | 26.2 | 26.2 | 26.2 | - |
    /// | communication question from code | 26.2 | - | 26.2 | 26.2 | - |
    /// | `AppStore.ageRatingCode` | 26.2 | - | 26.2 | 26.2 | 26.2 |
    public static let availability: [SystemCall: [Platform: OSVersion]] = [
        .requestAgeRange: rows([.iOS, .iPadOS, .macCatalyst, .macOS], OSVersion(26, 0)),
        .isEligibleForAgeFeatures: rows([.iOS, .iPadOS, .macCatalyst, .macOS], OSVersion(26, 2)),
        .requiredRegulatoryFeatures: rows([.iOS, .iPadOS, .macCatalyst, .macOS], OSVersion(26, 4)),
        .showSignificantUpdateAcknowledgment: rows([.iOS, .iPadOS, .macCatalyst], OSVersion(26, 4)),
        .significantAppUpdateTopic: rows([.iOS, .iPadOS, .macOS, .visionOS], OSVersion(26, 2)),
        .significantUpdateButton: rows([.iOS, .iPadOS, .macCatalyst, .macOS, .visionOS], OSVersion(26, 2)),
        .communicationTopic: rows([.iOS, .iPadOS, .macOS, .visionOS], OSVersion(26, 2)),
        .ageRatingCode: rows([.iOS, .iPadOS, .macOS, .visionOS, .tvOS, .watchOS], OSVersion(26, 2)),
    ]

    private static func rows(_ platforms: [Platform], _ version: OSVersion) -> [Platform: OSVersion] {
        Dictionary(uniqueKeysWithValues: platforms.map { ($0, version) })
    }

    /// Whether `call` exists here.
    public func has(_ call: SystemCall) -> Bool {
        guard let introduced = Self.introduced[Self.index(call, platform)] else { return false }
        return os >= introduced
    }

    /// ``availability`` flattened, one entry per call and platform: `has` runs for every check
    /// of every launch, and the dictionaries hashed both enums' raw strings each time.
    private static let calls = SystemCall.allCases
    private static let platforms = Platform.allCases
    private static let introduced: [OSVersion?] = calls.flatMap { call in platforms.map { availability[call]?[$0] } }

    private static func index(_ call: SystemCall, _ platform: Platform) -> Int {
        calls.firstIndex(of: call)! * platforms.count + platforms.firstIndex(of: platform)!
    }

    /// tvOS and watchOS have no age range or consent API: only the rating code.
    public var readsRatingCodeOnly: Bool { platform == .tvOS || platform == .watchOS }

    /// 26.0: `requestAgeRange` (not on visionOS, tvOS or watchOS).
    public var canRequestAgeRange: Bool { has(.requestAgeRange) }

    /// 26.2: `isEligibleForAgeFeatures`.
    public var hasEligibility: Bool { has(.isEligibleForAgeFeatures) }

    /// macOS answers false to eligibility whoever the person is.
    public var eligibilityAlwaysFalse: Bool { platform == .macOS }

    /// Whether the system can require age assurance at all here: macOS does not require it for
    /// the person or the device (Apple's Declared Age Range article), so the Mac never asks at
    /// launch; a gated feature still asks when it is opened.
    public var requiresAgeAssurance: Bool { platform != .macOS }

    /// 26.4: `requiredRegulatoryFeatures` (not on visionOS, tvOS or watchOS).
    public var hasRequiredRegulatoryFeatures: Bool { has(.requiredRegulatoryFeatures) }

    /// 26.4: the system sheet telling an adult about a significant change (no macOS API).
    public var hasAcknowledgmentSheet: Bool { has(.showSignificantUpdateAcknowledgment) }

    /// 26.2: PermissionKit's significant-update question (no Mac Catalyst, tvOS or watchOS).
    public var hasSignificantUpdateQuestion: Bool { has(.significantAppUpdateTopic) }

    /// 26.2: SwiftUI's `PermissionButton` for the significant-update question (Mac Catalyst
    /// too; no tvOS or watchOS).
    public var hasSignificantUpdateButton: Bool { has(.significantUpdateButton) }

    /// 26.2: PermissionKit's communication question (no Mac Catalyst, tvOS or watchOS).
    public var hasCommunicationQuestion: Bool { has(.communicationTopic) }

    /// 26.2: StoreKit's `AppStore.ageRatingCode` (no Mac Catalyst row: treated as unavailable).
    public var hasAgeRatingCode: Bool { has(.ageRatingCode) }

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
    public var errorCases: [AgeRangeProviderError] {
        AgeRangeProviderError.knownCases.filter { error in error.introducedIn.map { os >= $0 } ?? false }
    }
}
