import AgeSignals
import Foundation
import SignificantChanges

extension ConsentScenario {
    /// The gates the simulated app asks with.
    public static let simulatedGates = try! AgeGates(13, 16, 18)

    /// What the simulated system tells the app about a sandbox persona in a region: who the
    /// person is for routing, the required features, and the guardian the persona implies.
    public struct PersonaAnswer: Hashable, Sendable {
        public let subject: ConsentSubject
        public let features: Set<RegulatoryFeature>
        public let guardian: GuardianBehavior
        /// Where the features came from on this OS.
        public let featuresSource: String
    }

    /// Runs the age system simulator for `persona` on `day`. tvOS and watchOS cannot ask, so
    /// they use what the person's phone learned (the synced answer).
    public static func answer(
        persona: SandboxPersona, region: Region, capabilities: PlatformCapabilities, on day: CalendarDay
    ) -> PersonaAnswer {
        answer(
            setup: SimulatedAgeSystem.Setup(
                person: persona.person(today: day), region: region, capabilities: capabilities),
            on: day)
    }

    /// The same for any simulated person; a request fault in `setup` means no answer (the
    /// person counts as unavailable), while the regulatory features are still read.
    public static func answer(setup given: SimulatedAgeSystem.Setup, on day: CalendarDay) -> PersonaAnswer {
        let capabilities = given.capabilities
        let asking =
            capabilities.readsRatingCodeOnly ? PlatformCapabilities(platform: .iOS, os: capabilities.os) : capabilities
        var setup = given
        setup.capabilities = asking
        let response: AgeRangeResponse? =
            asking.canRequestAgeRange && setup.faults.request == nil
            ? SimulatedAgeSystem.answer(gates: simulatedGates, setup: setup, today: day) : nil
        let subject = ConsentSubject(response: response)
        let features: Set<RegulatoryFeature>
        let source: String
        if asking.hasRequiredRegulatoryFeatures {
            features = SimulatedAgeSystem.regulatoryFeatures(setup: setup, today: day)
            source = capabilities.readsRatingCodeOnly ? "synced from the person's phone" : "requiredRegulatoryFeatures"
        } else if asking.hasEligibility {
            let eligible = SimulatedAgeSystem.eligibility(setup: setup, today: day)
            features = RegulatoryFeature.inferredBefore264(eligible: eligible, subject: subject)
            source = "inferred from eligibility (\(eligible)) before 26.4"
        } else {
            features = []
            source = "none before 26.2"
        }
        let guardian: GuardianBehavior =
            switch setup.person.guardianAnswer {
            case .decline: .deny(after: 5 * 60)
            case .approve, .notAvailable: .approve(after: 5 * 60)
            }
        return PersonaAnswer(subject: subject, features: features, guardian: guardian, featuresSource: source)
    }
}
