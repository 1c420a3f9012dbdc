import AgeSignals
import Foundation
import SignificantChanges

extension ConsentScenario {
    /// The gates the simulated app asks with.
    public static let simulatedGates = try! AgeGates(13, 16, 18)

    /// What the simulated system tells the app about a sandbox persona in a region: who the
    /// person is for routing, the required features, and the guardian the persona implies.
    public struct PersonaAnswer: Hashable, Sendable {
        /// Who the person is, for routing.
        public let subject: ConsentSubject
        /// The features the app routes by (reported, inferred or synced).
        public let features: Set<RegulatoryFeature>
        /// Approves or denies after five minutes, as the persona's guardian answer says.
        public let guardian: GuardianBehavior
        /// Where the features came from on this OS.
        public let featuresSource: String
    }

    /// Runs the age system simulator for `persona` on `day`. A device without the age range
    /// API (visionOS, tvOS, watchOS) uses what the person's phone learned (the synced answer);
    /// the features come from `RegulatoryFeature.forRouting(reported:eligible:subject:capabilities:)`.
    public static func answer(
        persona: SandboxPersona, region: Region, capabilities: PlatformCapabilities, on day: CalendarDay
    ) -> PersonaAnswer {
        answer(
            setup: SimulatedAgeSystem.Setup(
                person: persona.person(today: day), region: region, capabilities: capabilities),
            on: day)
    }

    /// The same for any simulated person: one who declines gives a declined answer, a request
    /// fault in `setup` no answer at all (unavailable); the features are still read.
    public static func answer(setup given: SimulatedAgeSystem.Setup, on day: CalendarDay) -> PersonaAnswer {
        let capabilities = given.capabilities
        let phone = PlatformCapabilities(platform: .iOS, os: capabilities.os)
        let asking = capabilities.canRequestAgeRange || capabilities.os < OSVersion(26, 0) ? capabilities : phone
        var setup = given
        setup.capabilities = asking
        let response: AgeRangeResponse? =
            asking.canRequestAgeRange && setup.faults.request == nil
            ? SimulatedAgeSystem.answer(gates: simulatedGates, setup: setup, today: day) : nil
        let subject = ConsentSubject(response: response)
        // A faulty call (an error or a hang) answers nothing: the routing table infers carefully.
        let reported: Set<RegulatoryFeature>? =
            asking.hasRequiredRegulatoryFeatures && setup.faults.regulatoryFeatures == nil
            ? SimulatedAgeSystem.regulatoryFeatures(setup: setup, today: day) : nil
        let eligible: Bool? =
            asking.hasEligibility && setup.faults.eligibility == nil
            ? SimulatedAgeSystem.eligibility(setup: setup, today: day) : nil
        let (features, source) = RegulatoryFeature.forRouting(
            reported: reported, eligible: eligible, subject: subject, capabilities: capabilities)
        let guardian: GuardianBehavior =
            switch setup.person.guardianAnswer {
            case .decline: .deny(after: 5 * 60)
            case .approve, .notAvailable: .approve(after: 5 * 60)
            }
        return PersonaAnswer(
            subject: subject, features: features, guardian: guardian,
            featuresSource: describe(source, capabilities: capabilities, asking: asking, eligible: eligible))
    }

    static func describe(
        _ source: RegulatoryFeature.Source, capabilities: PlatformCapabilities, asking: PlatformCapabilities,
        eligible: Bool?
    ) -> String {
        switch source {
        case .reported:
            asking == capabilities ? "reported by requiredRegulatoryFeatures" : "synced from the person's phone"
        case .inferredFromEligibility:
            "inferred from eligibility (\(eligible.map(String.init) ?? "failed: counts as eligible")) before 26.4"
        case .inferredCarefully:
            "inferred on the careful side: \(capabilities.platform.rawValue) \(capabilities.os) cannot report them"
        }
    }
}
