import AgeSignals
import Testing

@testable import AgeGating

@Suite("tier: from lowerBound only, by range comparison")
struct TierTests {
    static let gates = try! AgeGates([13, 16, 18])

    @Test(
        "gates 13, 16, 18: nil is the youngest, override bands land in the tier that holds them",
        arguments: [
            (nil, "under13"), (0, "under13"), (12, "under13"), (13, "13-15"), (14, "13-15"), (15, "13-15"),
            (16, "16-17"), (17, "16-17"), (18, "18+"), (40, "18+"),
        ] as [(Int?, String)])
    func appGates(lowerBound: Int?, tier: String) {
        #expect(AgeTier(lowerBound: lowerBound, gates: Self.gates).description == tier)
    }

    @Test(
        "the tier follows the app's own gates, not 13/16/18",
        arguments: [
            ([10, 12, 14], nil, "under10"), ([10, 12, 14], 11, "10-11"), ([10, 12, 14], 13, "12-13"),
            ([10, 12, 14], 99, "14+"), ([21], 18, "under21"), ([21], 21, "21+"), ([2, 5], 4, "2-4"),
        ] as [([Int], Int?, String)])
    func otherGates(gates: [Int], lowerBound: Int?, tier: String) throws {
        #expect(AgeTier(lowerBound: lowerBound, gates: try AgeGates(gates)).description == tier)
    }

    @Test("an override band starting at 14 lands in 13-15; one starting at 12 lands under 13")
    func overrideBands() {
        #expect(AgeTier(lowerBound: 14, gates: Self.gates) == AgeTier(lowerAge: 13, nextGate: 16))
        #expect(AgeTier(lowerBound: 12, gates: Self.gates) == AgeTier.youngest(in: Self.gates))
    }

    @Test("tier names round-trip and reject garbage", arguments: ["under13", "13-15", "16-17", "18+", "under2"])
    func names(name: String) {
        #expect(AgeTier(name: name)?.description == name)
    }

    @Test("garbage tier names are nil", arguments: ["", "adult", "13", "15-13", "-3+", "under", "under0", "1-2-3"])
    func badNames(name: String) {
        #expect(AgeTier(name: name) == nil)
    }

    @Test("every tier of the gates, youngest first, each belonging to them")
    func allTiers() throws {
        let tiers = AgeTier.all(for: Self.gates)
        #expect(tiers.map(\.description) == ["under13", "13-15", "16-17", "18+"])
        #expect(tiers.allSatisfy { $0.belongs(to: Self.gates) })
        #expect(tiers == tiers.sorted())
        #expect(!AgeTier(lowerAge: 14, nextGate: 16).belongs(to: Self.gates))
        #expect(!AgeTier(lowerAge: 13, nextGate: 16).belongs(to: try AgeGates([13, 18])))
    }
}

@Suite("trust levels: selfDeclared a checkbox, guardianDeclared strong for children, confirmed card or ID")
struct TrustLevelTests {
    @Test(
        "each declaration maps to its trust; the person's own 26.2 method cases are confirmed",
        arguments: [
            (.selfDeclared, .selfDeclared), (.guardianDeclared, .guardianDeclared),
            (.checkedByOtherMethod, .confirmed), (.guardianCheckedByOtherMethod, .guardianDeclared),
            (.governmentIDChecked, .confirmed), (.guardianGovernmentIDChecked, .guardianDeclared),
            (.paymentChecked, .confirmed), (.guardianPaymentChecked, .guardianDeclared), (.confirmed, .confirmed),
            (.unknown("retinaScanned"), .undeclared), (nil, .undeclared),
        ] as [(AgeRangeDeclaration?, TrustLevel)])
    func mapping(declaration: AgeRangeDeclaration?, trust: TrustLevel) {
        #expect(TrustLevel(declaration: declaration) == trust)
    }

    @Test("every known declaration maps without a crash", arguments: AgeRangeDeclaration.knownCases)
    func knownCases(declaration: AgeRangeDeclaration) {
        #expect(TrustLevel(declaration: declaration) != .undeclared)
    }
}

@Suite("policy states: not asked, declined, unavailable, known(tier, source, communication-limited)")
struct PolicyStateTests {
    static let gates = try! AgeGates([13, 16, 18])

    @Test("a shared range becomes known with tier, source and the communication-limits flag only")
    func sharedRange() {
        let range = AgeRange(
            lowerBound: 14, upperBound: 15, declaration: .guardianDeclared,
            parentalControls: [.communicationLimits, .significantAppChangeApprovalRequired])
        #expect(
            AgePolicy(response: .sharing(range), gates: Self.gates)
                == .known(
                    tier: AgeTier(lowerAge: 13, nextGate: 16), source: .guardianDeclared, communicationLimited: true))
    }

    @Test("the deprecated approval flag is never read")
    func deprecatedFlagIgnored() {
        let range = AgeRange(
            lowerBound: 18, upperBound: nil, declaration: .selfDeclared,
            parentalControls: [.significantAppChangeApprovalRequired])
        #expect(AgePolicy(range: range, gates: Self.gates).stateName == "known")
        #expect(
            AgePolicy(range: range, gates: Self.gates)
                == .known(
                    tier: AgeTier(lowerAge: 18, nextGate: nil), source: .selfDeclared, communicationLimited: false))
    }

    @Test("a decline is its own state")
    func declined() {
        #expect(AgePolicy(response: .declinedSharing, gates: Self.gates) == .declined)
        #expect(AgePolicy.declined.tier == nil)
    }

    @Test(
        "state names are stable",
        arguments: zip(
            [
                AgePolicy.notAsked, .declined, .unavailable,
                .known(tier: AgeTier(lowerAge: 0, nextGate: 13), source: .undeclared, communicationLimited: false),
            ],
            ["notAsked", "declined", "unavailable", "known"]))
    func names(policy: AgePolicy, name: String) {
        #expect(policy.stateName == name)
    }

    @Test("fallback below 26: no date picker, '18 or older?' stored as self-declared")
    func fallbackBelow26() {
        #expect(
            AgePolicy.adultQuestion(isAdult: true, gates: Self.gates)
                == .known(
                    tier: AgeTier(lowerAge: 18, nextGate: nil), source: .selfDeclared, communicationLimited: false))
        #expect(AgePolicy.adultQuestion(isAdult: false, gates: Self.gates).tier == AgeTier.youngest(in: Self.gates))
    }
}
