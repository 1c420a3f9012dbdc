import Testing

@testable import AgeSignals

@Suite("Age gates are validated like the system validates them")
struct AgeGatesTests {
    @Test(
        "valid gates: 1 to 3, ascending, every range at least 2 years",
        arguments: [[13], [13, 15], [13, 16, 18], [2], [10, 12, 14]])
    func validGates(values: [Int]) throws {
        #expect(try AgeGates(values).values == values)
    }

    @Test(
        "invalid gates: a range under 2 years, negative, none or four, descending",
        arguments: [[13, 14], [-1], [], [13, 15, 17, 19], [18, 16], [1], [16, 16]])
    func invalidGates(values: [Int]) {
        #expect(throws: AgeSignalsError(.invalidGates, "")) { try AgeGates(values) }
    }

    @Test("gates parse from a comma list and reject words")
    func parsing() throws {
        #expect(try AgeGates(parsing: "13, 16,18").values == [13, 16, 18])
        #expect(throws: AgeSignalsError(.invalidGates, "")) { try AgeGates(parsing: "13,x") }
    }
}

@Suite("Unknown system values never crash")
struct UnknownValuesTests {
    @Test("an unknown declaration keeps its raw value")
    func unknownDeclaration() {
        #expect(AgeRangeDeclaration(rawValue: "retinaScanned") == .unknown("retinaScanned"))
        #expect(AgeRangeDeclaration(rawValue: "confirmed") == .confirmed)
        #expect(AgeRangeDeclaration.unknown("x").rawValue == "x")
    }

    @Test("every known declaration round-trips through its raw value", arguments: AgeRangeDeclaration.knownCases)
    func declarationRoundTrip(declaration: AgeRangeDeclaration) {
        #expect(AgeRangeDeclaration(rawValue: declaration.rawValue) == declaration)
    }

    @Test("unknown errors and regulatory features keep their raw value")
    func unknownErrorAndFeature() {
        #expect(AgeRangeProviderError(rawValue: "quotaExceeded") == .unknown("quotaExceeded"))
        #expect(RegulatoryFeature(rawValue: "newLaw") == .unknown("newLaw"))
    }
}

@Suite("Platform capabilities follow the OS layering")
struct PlatformCapabilitiesTests {
    struct Row: Sendable, CustomTestStringConvertible {
        let platform: Platform
        let os: OSVersion
        let request, eligibility, regulatory, sheet, ratingCode: Bool
        var testDescription: String { "\(platform) \(os)" }
    }

    @Test(
        "which calls exist",
        arguments: [
            Row(
                platform: .iOS, os: OSVersion(18, 0), request: false, eligibility: false, regulatory: false,
                sheet: false, ratingCode: false),
            Row(
                platform: .iOS, os: OSVersion(26, 0), request: true, eligibility: false, regulatory: false,
                sheet: false, ratingCode: false),
            Row(
                platform: .iOS, os: OSVersion(26, 2), request: true, eligibility: true, regulatory: false, sheet: false,
                ratingCode: true),
            Row(
                platform: .iOS, os: OSVersion(26, 4), request: true, eligibility: true, regulatory: true, sheet: true,
                ratingCode: true),
            Row(
                platform: .macOS, os: OSVersion(26, 4), request: true, eligibility: true, regulatory: true,
                sheet: false, ratingCode: true),
            Row(
                platform: .tvOS, os: OSVersion(26, 4), request: false, eligibility: false, regulatory: false,
                sheet: false, ratingCode: true),
            Row(
                platform: .watchOS, os: OSVersion(27, 0), request: false, eligibility: false, regulatory: false,
                sheet: false, ratingCode: true),
        ])
    func calls(row: Row) {
        let capabilities = PlatformCapabilities(platform: row.platform, os: row.os)
        #expect(capabilities.canRequestAgeRange == row.request)
        #expect(capabilities.hasEligibility == row.eligibility)
        #expect(capabilities.hasRequiredRegulatoryFeatures == row.regulatory)
        #expect(capabilities.hasAcknowledgmentSheet == row.sheet)
        #expect(capabilities.hasAgeRatingCode == row.ratingCode)
    }

    @Test("26.2 to 26.4 return method cases; 26.5 returns confirmed instead")
    func declarationLayering() {
        let at262 = PlatformCapabilities(platform: .iOS, os: OSVersion(26, 2)).declarationCases
        let at265 = PlatformCapabilities(platform: .iOS, os: OSVersion(26, 5)).declarationCases
        #expect(at262.contains(.paymentChecked) && !at262.contains(.confirmed))
        #expect(at265.contains(.confirmed) && !at265.contains(.paymentChecked))
        #expect(
            PlatformCapabilities(platform: .iOS, os: OSVersion(26, 0)).declarationCases == [
                .selfDeclared, .guardianDeclared,
            ])
    }

    @Test("the three 27.0 errors appear only from 27.0")
    func errorLayering() {
        #expect(
            PlatformCapabilities(platform: .iOS, os: OSVersion(26, 5)).errorCases == [.notAvailable, .invalidRequest])
        #expect(PlatformCapabilities(platform: .iOS, os: OSVersion(27, 0)).errorCases.count == 5)
    }

    @Test("OS versions compare numerically and reject garbage")
    func versions() throws {
        #expect(try OSVersion(parsing: "26.10") > OSVersion(parsing: "26.9"))
        #expect(throws: AgeSignalsError(.invalidVersion, "")) { try OSVersion(parsing: "twenty") }
    }
}
