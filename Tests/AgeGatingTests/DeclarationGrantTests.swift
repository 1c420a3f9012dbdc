import AgeSignals
import Testing

@testable import AgeGating

@Suite("what each declaration grants")
struct DeclarationGrantTests {
    @Test(
        "rule: a guardian-checked declaration never confirms an adult",
        arguments: [
            (AgeRangeDeclaration.checkedByOtherMethod, TrustLevel.confirmed),
            (.governmentIDChecked, .confirmed), (.paymentChecked, .confirmed), (.confirmed, .confirmed),
            (.guardianCheckedByOtherMethod, .guardianDeclared), (.guardianGovernmentIDChecked, .guardianDeclared),
            (.guardianPaymentChecked, .guardianDeclared),
        ])
    func guardianCheckedNeverConfirms(declaration: AgeRangeDeclaration, trust: TrustLevel) {
        #expect(TrustLevel(declaration: declaration) == trust)
        let adult = AgePolicy(
            range: AgeRange(lowerBound: 18, upperBound: nil, declaration: declaration), gates: try! AgeGates(13, 16, 18)
        )
        let payouts = FeatureRequirement(minimumAge: 18, requiresConfirmedAdult: true)
        #expect(payouts.decide(adult).isAllowed == (trust == .confirmed))
    }
}
