import AgeSignals
import Testing

@testable import AgeGating

struct LaunchRow: Sendable, CustomTestStringConvertible {
    let os: OSVersion
    let eligible: Bool?
    let features: Set<RegulatoryFeature>?
    let regulated: Bool
    var testDescription: String { "\(os) eligible=\(String(describing: eligible)) features=\(features?.count ?? -1)" }
}

@Suite("when to ask at launch: only when the system says the person is regulated")
struct WhenToAskAtLaunchTests {
    static let required: Set<RegulatoryFeature> = [.declaredAgeRangeRequired]

    @Test(
        "when to ask at launch",
        arguments: [
            // 26.4+: declaredAgeRangeRequired, or eligibility (both, as Apple support advises).
            LaunchRow(os: OSVersion(26, 4), eligible: false, features: required, regulated: true),
            LaunchRow(os: OSVersion(26, 4), eligible: true, features: [], regulated: true),
            LaunchRow(os: OSVersion(26, 5), eligible: nil, features: required, regulated: true),
            LaunchRow(os: OSVersion(26, 4), eligible: false, features: [], regulated: false),
            LaunchRow(
                os: OSVersion(27, 0), eligible: false, features: [.significantAppChangeRequiresParentalConsent],
                regulated: false),
            // Rule 3: the authoritative check failed: unknown, the careful side asks.
            LaunchRow(os: OSVersion(26, 4), eligible: nil, features: nil, regulated: true),
            LaunchRow(os: OSVersion(26, 4), eligible: false, features: nil, regulated: true),
            // 26.2-26.3: eligibility only.
            LaunchRow(os: OSVersion(26, 2), eligible: true, features: nil, regulated: true),
            LaunchRow(os: OSVersion(26, 3), eligible: false, features: required, regulated: false),
            // 26.0-26.1: no region check, so unknown: the careful side asks (seed 002).
            LaunchRow(os: OSVersion(26, 1), eligible: true, features: required, regulated: true),
            LaunchRow(os: OSVersion(26, 0), eligible: true, features: nil, regulated: true),
            // below 26: no age range API, never at launch.
            LaunchRow(os: OSVersion(18, 0), eligible: true, features: nil, regulated: false),
        ])
    func whenToAsk(row: LaunchRow) {
        let signals = LaunchSignals(isEligible: row.eligible, regulatoryFeatures: row.features)
        #expect(signals.isRegulated(on: PlatformCapabilities(platform: .iOS, os: row.os)) == row.regulated)
    }
}

struct CadenceRow: Sendable, CustomTestStringConvertible {
    let rule: CadenceRule
    let regulated: Bool
    let firstLaunch: Bool
    let monthsSinceLastRequest: Int?
    let asks: Bool
    var testDescription: String {
        "\(rule) regulated=\(regulated) first=\(firstLaunch) since=\(monthsSinceLastRequest.map(String.init) ?? "never")"
    }
}

@Suite("cadence: when to ask stays one swappable rule")
struct CadenceTests {
    @Test(
        "cadence",
        arguments: [
            CadenceRow(
                rule: .everyLaunchWhenRequired, regulated: true, firstLaunch: false, monthsSinceLastRequest: 0,
                asks: true),
            CadenceRow(
                rule: .everyLaunchWhenRequired, regulated: false, firstLaunch: true, monthsSinceLastRequest: nil,
                asks: false),
            CadenceRow(
                rule: .atMostEvery(months: 12), regulated: true, firstLaunch: true, monthsSinceLastRequest: nil,
                asks: true),
            CadenceRow(
                rule: .atMostEvery(months: 12), regulated: true, firstLaunch: false, monthsSinceLastRequest: 11,
                asks: false),
            CadenceRow(
                rule: .atMostEvery(months: 12), regulated: true, firstLaunch: false, monthsSinceLastRequest: 12,
                asks: true),
            CadenceRow(
                rule: .atMostEvery(months: 12), regulated: false, firstLaunch: false, monthsSinceLastRequest: 40,
                asks: false),
            CadenceRow(
                rule: .atDownloadAndLaunch, regulated: false, firstLaunch: true, monthsSinceLastRequest: nil, asks: true
            ),
            CadenceRow(
                rule: .atDownloadAndLaunch, regulated: true, firstLaunch: false, monthsSinceLastRequest: 0, asks: true),
            CadenceRow(
                rule: .atDownloadAndLaunch, regulated: false, firstLaunch: false, monthsSinceLastRequest: 0, asks: false
            ),
        ])
    func cadence(row: CadenceRow) {
        let now = 2026 * 12 + 10
        let context = CadenceRule.Context(
            isRegulated: row.regulated, isFirstLaunch: row.firstLaunch,
            lastRequestMonth: row.monthsSinceLastRequest.map { now - $0 }, currentMonth: now)
        #expect(row.rule.asksAtLaunch(context) == row.asks)
    }

    @Test(
        "cadence rules are data: parsed from their names and printed back",
        arguments: ["every-launch", "every-12-months", "every-1-months", "download-and-launch"])
    func parsing(name: String) throws {
        #expect(try CadenceRule(parsing: name).description == name)
    }

    @Test(
        "unknown cadence names are rejected", arguments: ["", "daily", "every-0-months", "every-x-months", "every-12"])
    func badNames(name: String) {
        #expect(throws: AgeGatingError(.invalidCadence, "")) { try CadenceRule(parsing: name) }
    }

    @Test("the cadence record keeps only a launch flag and a month, and survives garbage")
    func record() {
        let record = CadenceRecord(hasLaunched: true, lastRequestMonth: 24_322)
        #expect(CadenceRecord(decoding: record.encoded) == record)
        #expect(CadenceRecord(decoding: "month=-4;launched=yes;x") == CadenceRecord(hasLaunched: false))
        #expect(CadenceRecord(decoding: nil) == CadenceRecord())
    }
}

@Suite("rule 4: the Mac never asks at launch")
struct MacLaunchTests {
    @Test("macOS: no launch request whatever the signals say", arguments: ["26.2", "26.4", "27.0"])
    func macNeverAsks(os: String) throws {
        let signals = LaunchSignals(isEligible: true, regulatoryFeatures: [.declaredAgeRangeRequired])
        let mac = PlatformCapabilities(platform: .macOS, os: try OSVersion(parsing: os))
        #expect(signals.regulation(on: mac) == .notRequired)
        #expect(mac.canRequestAgeRange)
    }
}

@Suite("rule 6: twelve months are twelve months to the day")
struct TwelveMonthsTests {
    struct DayRow: Sendable, CustomTestStringConvertible {
        let last: String
        let now: String
        let asks: Bool
        var testDescription: String { "\(last) -> \(now)" }
    }

    @Test(
        "at most once per 12 months, counted to the day",
        arguments: [
            DayRow(last: "2027-01-31", now: "2028-01-01", asks: false),
            DayRow(last: "2027-01-31", now: "2028-01-30", asks: false),
            DayRow(last: "2027-01-31", now: "2028-01-31", asks: true),
            DayRow(last: "2028-02-29", now: "2029-02-27", asks: false),
            DayRow(last: "2028-02-29", now: "2029-02-28", asks: true),
            DayRow(last: "2027-06-15", now: "2028-06-14", asks: false),
        ])
    func toTheDay(_ row: DayRow) throws {
        let now = try #require(CadenceRecord.date(ofDay: row.now)).addingTimeInterval(9 * 3600)
        let context = CadenceRule.Context(
            isRegulated: true, isFirstLaunch: false, lastRequest: CadenceRecord.date(ofDay: row.last), now: now)
        #expect(CadenceRule.atMostEvery(months: 12).asksAtLaunch(context) == row.asks)
    }

    @Test("the cadence record keeps the day of the last request; a month-only record reads as its last day")
    func recordKeepsTheDay() throws {
        var record = CadenceRecord(hasLaunched: true)
        record.recordRequest(at: try #require(CadenceRecord.date(ofDay: "2027-01-31")).addingTimeInterval(3600))
        #expect(CadenceRecord(decoding: record.encoded).lastRequest == CadenceRecord.date(ofDay: "2027-01-31"))
        #expect(
            CadenceRecord(decoding: "launched=1;month=\(2027 * 12 + 1)").lastRequest
                == CadenceRecord.date(ofDay: "2027-02-28"))
    }
}

@Suite("errors: the DOMAIN §3 table")
struct ErrorTableTests {
    static let knownPolicy = AgePolicy.known(
        tier: AgeTier(lowerAge: 13, nextGate: 16), source: .guardianDeclared, communicationLimited: false)

    @Test(
        "errors",
        arguments: [
            (.declinedOnboarding, .decline), (.network, .keepPolicy), (.invalidRequest, .programmerError),
            (.notAvailable, .unavailable), (.invalidAccount, .unavailable), (.unknown("quota"), .unavailable),
        ] as [(AgeRangeProviderError, ErrorRule)])
    func table(error: AgeRangeProviderError, rule: ErrorRule) {
        #expect(ErrorRule(error) == rule)
    }

    @Test(
        "the policy after each error, from not asked",
        arguments: [
            (.declinedOnboarding, .declined), (.network, .notAsked), (.invalidRequest, .unavailable),
            (.notAvailable, .unavailable), (.invalidAccount, .unavailable),
        ] as [(AgeRangeProviderError, AgePolicy)])
    func fromNotAsked(error: AgeRangeProviderError, policy: AgePolicy) {
        #expect(ErrorRule(error).policy(after: .notAsked) == policy)
    }

    @Test("rule 8: declinedOnboarding replaces a known answer, as a declinedSharing response does")
    func declinedOnboardingReplacesKnown() {
        #expect(ErrorRule(.declinedOnboarding).policy(after: Self.knownPolicy) == .declined)
        #expect(AgePolicy(response: .declinedSharing, gates: try! AgeGates([13, 16, 18])) == .declined)
    }

    @Test(
        "never downgrade: an error never overwrites a known answer or a decline",
        arguments: AgeRangeProviderError.knownCases.filter { $0 != .declinedOnboarding })
    func neverDowngrade(error: AgeRangeProviderError) {
        #expect(ErrorRule(error).policy(after: Self.knownPolicy) == Self.knownPolicy)
        #expect(ErrorRule(error).policy(after: .declined) == .declined)
    }
}
