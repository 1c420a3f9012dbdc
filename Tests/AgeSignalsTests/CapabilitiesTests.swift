import Testing

@testable import AgeSignals

@Suite("Platform capabilities: what each platform can do")
struct PlatformGapsTests {
    @Test("macOS eligibility is always false, yet requestAgeRange exists", arguments: ["26.2", "26.4", "27.0"])
    func macOSEligibility(os: String) throws {
        let capabilities = PlatformCapabilities(platform: .macOS, os: try OSVersion(parsing: os))
        #expect(capabilities.eligibilityAlwaysFalse)
        #expect(capabilities.canRequestAgeRange)
        #expect(!capabilities.hasAcknowledgmentSheet)
    }

    @Test(
        "tvOS and watchOS only read the rating code", arguments: [Platform.tvOS, .watchOS])
    func ratingOnly(platform: Platform) {
        let capabilities = PlatformCapabilities(platform: platform, os: OSVersion(27, 0))
        #expect(capabilities.readsRatingCodeOnly)
        #expect(capabilities.hasAgeRatingCode)
        #expect(!capabilities.canRequestAgeRange && !capabilities.hasEligibility)
        #expect(!capabilities.hasRequiredRegulatoryFeatures && !capabilities.hasSignificantUpdateQuestion)
        #expect(!capabilities.hasAcknowledgmentSheet)
    }

    @Test(
        "the acknowledgment sheet exists from 26.4 on iOS, iPadOS and Mac Catalyst only", arguments: Platform.allCases)
    func acknowledgmentSheet(platform: Platform) {
        let expected = [Platform.iOS, .iPadOS, .macCatalyst].contains(platform)
        #expect(PlatformCapabilities(platform: platform, os: OSVersion(26, 4)).hasAcknowledgmentSheet == expected)
        #expect(!PlatformCapabilities(platform: platform, os: OSVersion(26, 3)).hasAcknowledgmentSheet)
    }

    @Test(
        "declaration cases per OS: 26.0 two, 26.2 eight, 26.5 three",
        arguments: [("26.0", 2), ("26.1", 2), ("26.2", 8), ("26.4", 8), ("26.5", 3), ("27.0", 3), ("18.0", 0)])
    func declarationCount(os: String, count: Int) throws {
        #expect(PlatformCapabilities(platform: .iOS, os: try OSVersion(parsing: os)).declarationCases.count == count)
    }

    @Test(
        "the significant-update question is asked from code on iOS, iPadOS, macOS and visionOS; Mac Catalyst has the button",
        arguments: Platform.allCases)
    func significantUpdateQuestion(platform: Platform) {
        let capabilities = PlatformCapabilities(platform: platform, os: OSVersion(26, 2))
        let fromCode: Set<Platform> = [.iOS, .iPadOS, .macOS, .visionOS]
        #expect(capabilities.hasSignificantUpdateQuestion == fromCode.contains(platform))
        #expect(capabilities.hasSignificantUpdateButton == (fromCode.contains(platform) || platform == .macCatalyst))
        #expect(!PlatformCapabilities(platform: platform, os: OSVersion(26, 1)).hasSignificantUpdateButton)
    }

    @Test("rule 15: Mac Catalyst has no ageRatingCode row; every other platform reads it from 26.2")
    func catalystRatingCode() {
        #expect(!PlatformCapabilities(platform: .macCatalyst, os: OSVersion(27, 0)).hasAgeRatingCode)
        for platform in Platform.allCases where platform != .macCatalyst {
            #expect(PlatformCapabilities(platform: platform, os: OSVersion(26, 2)).hasAgeRatingCode)
            #expect(!PlatformCapabilities(platform: platform, os: OSVersion(26, 1)).hasAgeRatingCode)
        }
    }

    @Test(
        "rule 2: visionOS has the consent question and the rating code, but neither the age range nor the regulatory features",
        arguments: ["26.2", "26.4", "27.0"])
    func visionOS(os: String) throws {
        let vision = PlatformCapabilities(platform: .visionOS, os: try OSVersion(parsing: os))
        #expect(vision.hasSignificantUpdateQuestion && vision.hasAgeRatingCode && vision.hasCommunicationQuestion)
        #expect(!vision.hasRequiredRegulatoryFeatures && !vision.canRequestAgeRange && !vision.hasAcknowledgmentSheet)
        #expect(!vision.readsRatingCodeOnly)
    }

    @Test("the availability table has a row for every call, and tvOS and watchOS only in the rating code's")
    func availabilityRows() {
        for call in PlatformCapabilities.SystemCall.allCases {
            let row = PlatformCapabilities.availability[call] ?? [:]
            #expect(!row.isEmpty)
            #expect((row[.tvOS] != nil) == (call == .ageRatingCode))
        }
    }

    @Test("rule 4: only macOS never requires age assurance", arguments: Platform.allCases)
    func requiresAgeAssurance(platform: Platform) {
        #expect(
            PlatformCapabilities(platform: platform, os: OSVersion(26, 4)).requiresAgeAssurance == (platform != .macOS))
    }

    @Test("platforms parse in any letter case and reject the unknown")
    func platforms() throws {
        #expect(try Platform(parsing: "macos") == .macOS)
        #expect(throws: AgeSignalsError(.unknownPlatform, "")) { try Platform(parsing: "android") }
    }
}

@Suite("The response and the range mirror the system")
struct ResponseTests {
    @Test("a range round-trips through JSON, an unknown declaration included")
    func rangeCoding() throws {
        let range = AgeRange(
            lowerBound: nil, upperBound: 12, declaration: .unknown("retinaScanned"),
            parentalControls: .communicationLimits)
        let encoded = try JSONEncoderShim.encode(range)
        #expect(try JSONEncoderShim.decode(AgeRange.self, encoded) == range)
    }

    @Test("sharing and declinedSharing are distinct answers")
    func responses() {
        #expect(AgeRangeResponse.sharing(AgeRange(lowerBound: 18, upperBound: nil)) != .declinedSharing)
    }

    @Test("every error knows the OS that introduced it", arguments: AgeRangeProviderError.knownCases)
    func errorVersions(error: AgeRangeProviderError) {
        #expect(error.introducedIn != nil)
        #expect(AgeRangeProviderError(rawValue: error.rawValue) == error)
    }

    @Test("the guardian questions are asked from code only where a page documents the call: not on Mac Catalyst")
    func questionsFromCode() {
        for platform in Platform.allCases {
            let capabilities = PlatformCapabilities(platform: platform, os: OSVersion(27, 0))
            let expected = [Platform.iOS, .iPadOS, .macOS, .visionOS].contains(platform)
            #expect(capabilities.hasSignificantUpdateQuestion == expected, "\(platform)")
            #expect(capabilities.hasCommunicationQuestion == expected, "\(platform)")
        }
        #expect(!PlatformCapabilities(platform: .iOS, os: OSVersion(26, 1)).hasCommunicationQuestion)
        #expect(PlatformCapabilities(platform: .iOS, os: OSVersion(26, 2)).hasCommunicationQuestion)
    }
}
