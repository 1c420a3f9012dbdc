import AgeSignals
import Testing

@testable import AgeGating

@Suite("the app's own \"18 or older?\" question gates only what it can decide")
struct AdultQuestionScopeTests {
    static let gates = try! AgeGates(13, 16, 18)
    static let notes = FeatureRequirement(minimumAge: 13)
    static let messages = FeatureRequirement(minimumAge: 16)
    static let market = FeatureRequirement(minimumAge: 18)
    static let payouts = FeatureRequirement(minimumAge: 18, requiresConfirmedAdult: true)
    static let withoutAPI = DecisionContext(hasAgeRangeAPI: false)

    struct Row: Sendable, CustomTestStringConvertible {
        let answer: Bool?
        let notes: FeatureDecision.Reason
        let messages: FeatureDecision.Reason
        let market: FeatureDecision.Reason
        let payouts: FeatureDecision.Reason
        var testDescription: String { answer.map { $0 ? "yes" : "no" } ?? "not asked" }
    }

    @Test(
        "a \"no\" closes only the 18+ features; no confirmation is offered where nothing can confirm",
        arguments: [
            Row(
                answer: nil, notes: .undecidedWithoutAgeRange, messages: .undecidedWithoutAgeRange,
                market: .needsAdultQuestion, payouts: .needsAdultQuestion),
            Row(
                answer: false, notes: .undecidedWithoutAgeRange, messages: .undecidedWithoutAgeRange,
                market: .tooYoung, payouts: .tooYoung),
            Row(answer: true, notes: .allowed, messages: .allowed, market: .allowed, payouts: .confirmationUnavailable),
        ])
    func scope(_ row: Row) {
        let policy = row.answer.map { AgePolicy.adultQuestion(isAdult: $0, gates: Self.gates) } ?? .notAsked
        let decisions = [Self.notes, Self.messages, Self.market, Self.payouts].map {
            $0.decide(policy, in: Self.withoutAPI)
        }
        #expect(decisions.map(\.reason) == [row.notes, row.messages, row.market, row.payouts])
        #expect(decisions.allSatisfy { $0.nextStep != .confirmAgeInSettings })
        #expect(decisions.allSatisfy { $0.nextStep != .askForAgeRange })
    }
}
