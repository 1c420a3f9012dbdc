import AgeSignals
import Testing

@testable import AgeKitSimulator

private let gates = try! AgeGates([13, 16, 18])

@Suite("sandbox: the six personas answer like Apple's test matrix")
struct SandboxPersonaTests {
    struct Row: Sendable, CustomTestStringConvertible {
        let name: String
        let lower: Int?
        let upper: Int?
        let at265: AgeRangeDeclaration
        let at264: AgeRangeDeclaration
        let notification: Bool
        let guardian: GuardianPermissionAnswer
        var testDescription: String { name }
    }

    @Test(
        "sandbox",
        arguments: [
            Row(
                name: "under13-approved", lower: nil, upper: 12, at265: .guardianDeclared, at264: .guardianDeclared,
                notification: true, guardian: .approve),
            Row(
                name: "13to15-approved", lower: 13, upper: 15, at265: .guardianDeclared, at264: .guardianDeclared,
                notification: true, guardian: .approve),
            Row(
                name: "16to17-declined", lower: 16, upper: 17, at265: .guardianDeclared, at264: .guardianDeclared,
                notification: true, guardian: .decline),
            Row(
                name: "adult-self-declared", lower: 18, upper: nil, at265: .selfDeclared, at264: .selfDeclared,
                notification: false, guardian: .notAvailable),
            Row(
                name: "adult-confirmed", lower: 18, upper: nil, at265: .confirmed, at264: .governmentIDChecked,
                notification: false, guardian: .notAvailable),
            Row(
                name: "adult-confirmed-notification", lower: 18, upper: nil, at265: .confirmed,
                at264: .governmentIDChecked, notification: true, guardian: .notAvailable),
        ])
    func persona(row: Row) async throws {
        let persona = try #require(SandboxPersona.named(row.name))
        #expect(persona.significantUpdateApplicable == row.notification)
        #expect(persona.guardianAnswer == row.guardian)
        for (os, declaration) in [(OSVersion(26, 5), row.at265), (OSVersion(26, 4), row.at264)] {
            let system = SimulatedAgeSystem(
                persona: persona, capabilities: PlatformCapabilities(platform: .iOS, os: os))
            let response = try await system.requestAgeRange(gates: gates)
            #expect(
                response == .sharing(AgeRange(lowerBound: row.lower, upperBound: row.upper, declaration: declaration)))
        }
    }

    @Test("the catalog has exactly the six names, in the matrix order")
    func names() {
        #expect(
            SandboxPersona.all.map(\.name) == [
                "under13-approved", "13to15-approved", "16to17-declined", "adult-self-declared", "adult-confirmed",
                "adult-confirmed-notification",
            ])
        #expect(SandboxPersona.named("adult") == nil)
        #expect(throws: SimulatorError(.unknownPersona, "")) { try SandboxPersona.persona("adult") }
    }

    @Test("a persona's significant-change switch reports the matching regulatory feature")
    func notificationFeature() async throws {
        let cases: [(String, Set<RegulatoryFeature>)] = [
            ("under13-approved", [.significantAppChangeRequiresParentalConsent]),
            ("adult-confirmed", []),
            ("adult-confirmed-notification", [.significantAppChangeRequiresAdultNotification]),
        ]
        for (name, features) in cases {
            let system = SimulatedAgeSystem(persona: SandboxPersona.named(name)!)
            #expect(try await system.requiredRegulatoryFeatures() == features)
        }
    }

    @Test("custom persons: any age, declaration, sharing behaviour and parental controls")
    func customPerson() async throws {
        let clock = SimulatedClock()
        let person = SimulatedPerson.aged(
            15, today: clock.today, declaration: .guardianDeclared, sharing: .guardianDecides(shares: false),
            parentalControls: .communicationLimits)
        let system = SimulatedAgeSystem(.init(person: person), clock: clock)
        #expect(try await system.requestAgeRange(gates: gates) == .declinedSharing)
        system.update { $0.person.sharing = .guardianDecides(shares: true) }
        #expect(
            try await system.requestAgeRange(gates: gates)
                == .sharing(
                    AgeRange(
                        lowerBound: 13, upperBound: 15, declaration: .guardianDeclared,
                        parentalControls: .communicationLimits)))
        system.update { $0.person.declaration = .unknown("retinaScanned") }
        guard case .sharing(let range) = try await system.requestAgeRange(gates: gates) else {
            Issue.record("expected a range")
            return
        }
        #expect(range.declaration == .unknown("retinaScanned"))
    }
}
