import AgeGating
import AgeSignals
import SignificantChanges
import Testing

@Suite("Routing (DOMAIN §5 table)")
struct RoutingTests {
    static let parental: RegulatoryFeature = .significantAppChangeRequiresParentalConsent
    static let notification: RegulatoryFeature = .significantAppChangeRequiresAdultNotification
    static let iOS = PlatformCapabilities(platform: .iOS, os: OSVersion(26, 4))

    struct Row: Sendable, CustomTestStringConvertible {
        let name: String
        let subject: ConsentSubject
        let features: Set<RegulatoryFeature>
        var capabilities = RoutingTests.iOS
        var settings = RoutingSettings.standard
        let route: ConsentRoute
        var testDescription: String { name }
    }

    @Test(
        "who the person is and what is required pick the route",
        arguments: [
            Row(name: "empty feature set clears a minor", subject: .minor, features: [], route: .clear),
            Row(
                name: "only declaredAgeRangeRequired clears", subject: .minor, features: [.declaredAgeRangeRequired],
                route: .clear),
            Row(name: "empty feature set clears a declined person", subject: .declined, features: [], route: .clear),
            Row(
                name: "minor with parental consent gets a guardian question", subject: .minor,
                features: [parental, .declaredAgeRangeRequired], route: .guardianQuestion),
            Row(
                name: "confirmed adult with adult notification gets the system sheet", subject: .confirmedAdult,
                features: [notification], route: .acknowledgment(.systemSheet)),
            Row(
                name: "confirmed adult is never sent a guardian question", subject: .confirmedAdult,
                features: [parental], route: .clear),
            Row(
                name: "adult not confirmed acknowledges by default", subject: .unconfirmedAdult,
                features: [notification], route: .acknowledgment(.systemSheet)),
            Row(
                name: "adult not confirmed can be blocked until verified", subject: .unconfirmedAdult,
                features: [notification], settings: RoutingSettings(unconfirmedAdult: .blockUntilVerified),
                route: .blockUntilVerified),
            Row(
                name: "declined blocks with retry by default", subject: .declined, features: [parental],
                route: .blockWithRetry),
            Row(
                name: "unavailable blocks with retry by default", subject: .unavailable, features: [notification],
                route: .blockWithRetry),
            Row(
                name: "declined can acknowledge by setting", subject: .declined, features: [parental],
                settings: RoutingSettings(declinedOrUnavailable: .acknowledge), route: .acknowledgment(.inAppNotice)),
            Row(
                name: "macOS has no sheet: in-app notice", subject: .confirmedAdult, features: [notification],
                capabilities: PlatformCapabilities(platform: .macOS, os: OSVersion(26, 4)),
                route: .acknowledgment(.inAppNotice)),
            Row(
                name: "visionOS has no sheet: in-app notice", subject: .confirmedAdult, features: [notification],
                capabilities: PlatformCapabilities(platform: .visionOS, os: OSVersion(26, 4)),
                route: .acknowledgment(.inAppNotice)),
            Row(
                name: "macOS minors still get the guardian question", subject: .minor, features: [parental],
                capabilities: PlatformCapabilities(platform: .macOS, os: OSVersion(26, 4)), route: .guardianQuestion),
            Row(
                name: "tvOS routes a minor's consent to another device", subject: .minor, features: [parental],
                capabilities: PlatformCapabilities(platform: .tvOS, os: OSVersion(26, 4)), route: .otherDevice),
            Row(
                name: "watchOS routes an adult's acknowledgment to another device", subject: .confirmedAdult,
                features: [notification], capabilities: PlatformCapabilities(platform: .watchOS, os: OSVersion(26, 4)),
                route: .otherDevice),
            Row(
                name: "tvOS with nothing required clears", subject: .minor, features: [],
                capabilities: PlatformCapabilities(platform: .tvOS, os: OSVersion(26, 4)), route: .clear),
            Row(
                name: "no permission API before 26.2: another device", subject: .minor, features: [parental],
                capabilities: PlatformCapabilities(platform: .iOS, os: OSVersion(26, 1)), route: .otherDevice),
            Row(
                name: "Mac Catalyst has no ask(_:in:) page but has PermissionButton: the question goes on the button",
                subject: .minor, features: [parental],
                capabilities: PlatformCapabilities(platform: .macCatalyst, os: OSVersion(26, 2)), route: .guardianButton
            ),
            Row(
                name: "Mac Catalyst before 26.2 has no button either: another device",
                subject: .minor, features: [parental],
                capabilities: PlatformCapabilities(platform: .macCatalyst, os: OSVersion(26, 1)), route: .otherDevice),
            Row(
                name: "Mac Catalyst still shows an adult the system sheet", subject: .confirmedAdult,
                features: [notification],
                capabilities: PlatformCapabilities(platform: .macCatalyst, os: OSVersion(26, 4)),
                route: .acknowledgment(.systemSheet)),
        ])
    func table(_ row: Row) {
        let router = ConsentRouter(settings: row.settings, capabilities: row.capabilities)
        let decision = router.route(subject: row.subject, features: row.features)
        #expect(decision.route == row.route, "\(decision.reason)")
        #expect(!decision.reason.isEmpty)
    }

    struct SheetRow: Sendable, CustomTestStringConvertible {
        let subject: ConsentSubject
        let settings: RoutingSettings
        let features: Set<RegulatoryFeature>
        let route: ConsentRoute
        var testDescription: String { "\(subject.rawValue) \(features.map(\.rawValue).sorted())" }
    }

    static let acknowledging = RoutingSettings(unconfirmedAdult: .acknowledge, declinedOrUnavailable: .acknowledge)

    @Test(
        "rule: the system sheet only when the feature says so",
        arguments: [ConsentSubject.unconfirmedAdult, .declined, .unavailable].flatMap { subject in
            [
                SheetRow(
                    subject: subject, settings: acknowledging, features: [parental],
                    route: .acknowledgment(.inAppNotice)),
                SheetRow(
                    subject: subject, settings: acknowledging, features: [.declaredAgeRangeRequired, parental],
                    route: .acknowledgment(.inAppNotice)),
                SheetRow(
                    subject: subject, settings: acknowledging, features: [notification],
                    route: .acknowledgment(.systemSheet)),
                SheetRow(
                    subject: subject, settings: acknowledging, features: [parental, notification],
                    route: .acknowledgment(.systemSheet)),
            ]
        })
    func sheetOnlyWithAdultNotification(_ row: SheetRow) {
        let decision = ConsentRouter(settings: row.settings, capabilities: Self.iOS)
            .route(subject: row.subject, features: row.features)
        #expect(decision.route == row.route, "\(decision.reason)")
        if row.route == .acknowledgment(.inAppNotice) {
            #expect(decision.reason.contains("adult notification is not required"), "\(decision.reason)")
        }
    }

    struct SampleRow: Sendable, CustomTestStringConvertible {
        let subject: ConsentSubject
        let features: Set<RegulatoryFeature>
        let route: String
        var testDescription: String { "\(subject.rawValue) \(features.map(\.rawValue).sorted())" }
    }

    @Test(
        "rule 7: routing follows Apple's sample switch exactly",
        arguments: [
            // The sheet only with adult notification, the question only with parental consent.
            SampleRow(subject: .confirmedAdult, features: [notification], route: "systemAcknowledgment"),
            SampleRow(subject: .confirmedAdult, features: [parental], route: "clear"),
            SampleRow(subject: .confirmedAdult, features: [parental, notification], route: "systemAcknowledgment"),
            SampleRow(subject: .minor, features: [parental], route: "guardianQuestion"),
            SampleRow(subject: .minor, features: [notification], route: "clear"),
            SampleRow(subject: .minor, features: [parental, notification], route: "guardianQuestion"),
            // Unconfirmed adults and declined people follow the app's configured mode.
            SampleRow(subject: .unconfirmedAdult, features: [parental], route: "inAppNotice"),
            SampleRow(subject: .declined, features: [notification], route: "blockWithRetry"),
            SampleRow(subject: .unavailable, features: [parental], route: "blockWithRetry"),
        ])
    func sampleSwitch(_ row: SampleRow) {
        let decision = ConsentRouter(capabilities: Self.iOS).route(subject: row.subject, features: row.features)
        #expect(decision.route.name == row.route, "\(decision.reason)")
        if row.subject == .minor { #expect(decision.route.name != "systemAcknowledgment") }
    }

    @Test(
        "adults are never routed to a guardian question, whatever is required",
        arguments: [ConsentSubject.confirmedAdult, .unconfirmedAdult])
    func adultsNeverAsked(_ subject: ConsentSubject) {
        let features: [Set<RegulatoryFeature>] = [
            [Self.parental], [Self.notification], [Self.parental, Self.notification],
        ]
        for settings in [RoutingSettings(), RoutingSettings(unconfirmedAdult: .blockUntilVerified)] {
            for required in features {
                let route = ConsentRouter(settings: settings, capabilities: Self.iOS)
                    .route(subject: subject, features: required).route
                #expect(route != .guardianQuestion)
            }
        }
    }

    struct SubjectRow: Sendable, CustomTestStringConvertible {
        let name: String
        let response: AgeRangeResponse?
        let subject: ConsentSubject
        var testDescription: String { name }
    }

    @Test(
        "the subject comes from the lower bound and the declaration",
        arguments: [
            SubjectRow(name: "no answer", response: nil, subject: .unavailable),
            SubjectRow(name: "declined", response: .declinedSharing, subject: .declined),
            SubjectRow(
                name: "below the lowest gate", response: .sharing(AgeRange(lowerBound: nil, upperBound: 12)),
                subject: .minor),
            SubjectRow(
                name: "law band starting at 14", response: .sharing(AgeRange(lowerBound: 14, upperBound: 17)),
                subject: .minor),
            SubjectRow(
                name: "self-declared adult",
                response: .sharing(AgeRange(lowerBound: 18, upperBound: nil, declaration: .selfDeclared)),
                subject: .unconfirmedAdult),
            SubjectRow(
                name: "confirmed adult",
                response: .sharing(AgeRange(lowerBound: 18, upperBound: nil, declaration: .confirmed)),
                subject: .confirmedAdult),
            SubjectRow(
                name: "26.2 payment check is confirmed",
                response: .sharing(AgeRange(lowerBound: 18, upperBound: nil, declaration: .paymentChecked)),
                subject: .confirmedAdult),
            SubjectRow(
                name: "unknown declaration is not confirmed and never crashes",
                response: .sharing(AgeRange(lowerBound: 21, upperBound: nil, declaration: .unknown("faceChecked"))),
                subject: .unconfirmedAdult),
            SubjectRow(
                name: "adult with no declaration", response: .sharing(AgeRange(lowerBound: 18, upperBound: nil)),
                subject: .unconfirmedAdult),
        ])
    func subjects(_ row: SubjectRow) {
        #expect(ConsentSubject(response: row.response) == row.subject)
    }

    @Test("the subject from the gate's tier and trust agrees with the range")
    func subjectFromTier() throws {
        let gates = try AgeGates(13, 16, 18)
        #expect(ConsentSubject(tier: AgeTier(lowerBound: 18, gates: gates), trust: .confirmed) == .confirmedAdult)
        #expect(ConsentSubject(tier: AgeTier(lowerBound: 18, gates: gates), trust: .selfDeclared) == .unconfirmedAdult)
        #expect(ConsentSubject(tier: AgeTier(lowerBound: 16, gates: gates), trust: .confirmed) == .minor)
    }

    @Test("before 26.4 an eligible minor needs parental consent and nobody else anything")
    func inferredFeatures() {
        #expect(RegulatoryFeature.inferredBefore264(eligible: true, subject: .minor) == [Self.parental])
        #expect(RegulatoryFeature.inferredBefore264(eligible: false, subject: .minor).isEmpty)
        #expect(RegulatoryFeature.inferredBefore264(eligible: true, subject: .confirmedAdult).isEmpty)
    }
}
