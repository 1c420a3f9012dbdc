import AgeSignals
import Testing

@testable import AgeGating

private let under13 = AgeTier(lowerAge: 0, nextGate: 13)
private let teen = AgeTier(lowerAge: 13, nextGate: 16)
private let older = AgeTier(lowerAge: 16, nextGate: 18)
private let adult = AgeTier(lowerAge: 18, nextGate: nil)

private func known(_ tier: AgeTier, _ source: TrustLevel = .guardianDeclared, limited: Bool = false) -> AgePolicy {
    .known(tier: tier, source: source, communicationLimited: limited)
}

private let open = FeatureRequirement()
private let notes = FeatureRequirement(minimumAge: 13)
private let messages = FeatureRequirement(minimumAge: 16, blockedByCommunicationLimits: true)
private let chat = FeatureRequirement(blockedByCommunicationLimits: true)
private let market = FeatureRequirement(minimumAge: 18)
private let payouts = FeatureRequirement(minimumAge: 18, requiresConfirmedAdult: true)
private let adultOnly = FeatureRequirement(requiresConfirmedAdult: true)

struct DecisionRow: Sendable, CustomTestStringConvertible {
    let policy: AgePolicy
    let feature: FeatureRequirement
    let reason: FeatureDecision.Reason
    init(_ policy: AgePolicy, _ feature: FeatureRequirement, _ reason: FeatureDecision.Reason) {
        self.policy = policy
        self.feature = feature
        self.reason = reason
    }
    var testDescription: String { "\(policy.stateName) \(policy.tier?.description ?? "") -> \(reason)" }
}

@Suite("feature access: each feature names its minimum; unknown, declined, unavailable get only open features")
struct FeatureAccessTests {
    @Test(
        "feature access",
        arguments: [
            DecisionRow(.notAsked, open, .allowed), DecisionRow(.declined, open, .allowed),
            DecisionRow(.unavailable, open, .allowed), DecisionRow(.notAsked, notes, .needsAgeRange),
            DecisionRow(.declined, notes, .needsAgeRange), DecisionRow(.unavailable, notes, .unavailable),
            DecisionRow(.notAsked, chat, .needsAgeRange), DecisionRow(.unavailable, payouts, .unavailable),
            DecisionRow(known(under13), open, .allowed), DecisionRow(known(under13), notes, .tooYoung),
            DecisionRow(known(teen), notes, .allowed), DecisionRow(known(teen), messages, .tooYoung),
            DecisionRow(known(older), messages, .allowed), DecisionRow(known(older), market, .tooYoung),
            DecisionRow(known(adult, .selfDeclared), market, .allowed),
            DecisionRow(known(AgeTier(lowerAge: 0, nextGate: 13)), chat, .allowed),
        ])
    func access(row: DecisionRow) {
        #expect(row.feature.decide(row.policy).reason == row.reason)
        #expect(row.feature.decide(row.policy).isAllowed == (row.reason == .allowed))
    }

    @Test("a feature minimum between two gates needs the tier above it")
    func minimumBetweenGates() {
        let fifteen = FeatureRequirement(minimumAge: 15)
        #expect(fifteen.decide(known(teen)).reason == .tooYoung)
        #expect(fifteen.decide(known(older)).reason == .allowed)
    }
}

@Suite("parental controls win: communication limits block messaging; next step a guardian request")
struct ParentalControlsWinTests {
    @Test(
        "parental controls win",
        arguments: [
            DecisionRow(known(older, limited: true), messages, .blockedByParentalControls),
            DecisionRow(known(adult, .confirmed, limited: true), messages, .communicationLimitsOnAdult),
            DecisionRow(known(under13, limited: true), chat, .blockedByParentalControls),
            DecisionRow(known(older, limited: true), market, .tooYoung),
            DecisionRow(known(teen, limited: true), notes, .allowed),
            DecisionRow(known(older, limited: false), messages, .allowed),
        ])
    func parentalControls(row: DecisionRow) {
        #expect(row.feature.decide(row.policy).reason == row.reason)
    }

    @Test("the next step is a guardian permission request, never a quiet unlock")
    func nextStep() {
        let decision = messages.decide(known(older, limited: true))
        #expect(!decision.isAllowed)
        #expect(decision.nextStep == .requestGuardianPermission)
        #expect(!decision.canAsk)
    }
}

@Suite("known but too young: no button, asking again returns the cached range")
struct KnownButTooYoungTests {
    @Test("known but too young", arguments: [under13, teen, older])
    func tooYoung(tier: AgeTier) {
        let decision = market.decide(known(tier))
        #expect(decision.reason == .tooYoung)
        #expect(!decision.canAsk)
        #expect(decision.nextStep == .none)
    }
}

@Suite("decline: an answer; keep a share button on gated screens")
struct DeclineDecisionTests {
    @Test("decline", arguments: [notes, messages, market, payouts, chat])
    func declineKeepsButton(feature: FeatureRequirement) {
        let decision = feature.decide(.declined)
        #expect(decision.reason == .needsAgeRange)
        #expect(decision.canAsk)
        #expect(decision.nextStep == .askForAgeRange)
    }
}

@Suite("trust levels: features that need a real adult require confirmed")
struct ConfirmedAdultTests {
    @Test(
        "payouts need a confirmed adult",
        arguments: [
            DecisionRow(known(adult, .confirmed), payouts, .allowed),
            DecisionRow(known(adult, .selfDeclared), payouts, .needsConfirmedAdult),
            DecisionRow(known(adult, .guardianDeclared), payouts, .needsConfirmedAdult),
            DecisionRow(known(adult, .undeclared), payouts, .needsConfirmedAdult),
            DecisionRow(known(older, .confirmed), payouts, .tooYoung),
            DecisionRow(known(teen, .confirmed), adultOnly, .tooYoung),
            DecisionRow(known(adult, .confirmed), adultOnly, .allowed),
        ])
    func confirmedAdult(row: DecisionRow) {
        #expect(row.feature.decide(row.policy).reason == row.reason)
    }

    @Test("the next step for an unconfirmed adult is confirming in Settings")
    func nextStep() {
        #expect(payouts.decide(known(adult, .selfDeclared)).nextStep == .confirmAgeInSettings)
        #expect(payouts.decide(.unavailable).nextStep == .retryNextLaunch)
    }
}

@Suite("decisions that depend on the platform and the region")
struct DecisionContextTests {
    static let market = FeatureRequirement(minimumAge: 18)
    static let notes = FeatureRequirement(minimumAge: 13)
    static let adult = AgeTier(lowerAge: 18, nextGate: nil)

    @Test(
        "rule 12: where 18+ downloads need a confirmed adult, so does an 18+ feature",
        arguments: [
            (TrustLevel.selfDeclared, true, FeatureDecision.Reason.needsConfirmedAdult),
            (.guardianDeclared, true, .needsConfirmedAdult), (.undeclared, true, .needsConfirmedAdult),
            (.confirmed, true, .allowed), (.selfDeclared, false, .allowed),
        ])
    func confirmedAdultRegions(trust: TrustLevel, regionRule: Bool, reason: FeatureDecision.Reason) {
        let policy = AgePolicy.known(tier: Self.adult, source: trust, communicationLimited: false)
        let context = DecisionContext(adultFeaturesNeedConfirmedAdult: regionRule)
        #expect(Self.market.decide(policy, in: context).reason == reason)
        #expect(Self.notes.decide(policy, in: context).reason == .allowed)
    }

    @Test(
        "rule 9: without Declared Age Range, the next step is the app's 18-or-older question",
        arguments: [AgePolicy.notAsked, .declined])
    func adultQuestion(policy: AgePolicy) {
        let decision = Self.market.decide(policy, in: DecisionContext(hasAgeRangeAPI: false))
        #expect(decision.reason == .needsAdultQuestion)
        #expect(decision.nextStep == .askAdultQuestion)
        #expect(decision.canAsk)
        #expect(Self.market.decide(policy).nextStep == .askForAgeRange)
    }

    @MainActor
    @Test("rule 9: the gate never calls a missing API; the adult answer is recorded as self-declared")
    func gateAdultQuestion() async {
        let harness = Harness(person: nil, persona: "adult-confirmed", platform: .visionOS)
        #expect(await harness.gate.open(Self.market).reason == .needsAdultQuestion)
        #expect(harness.system.calls.requests == 0)
        harness.gate.recordAdultAnswer(true)
        #expect(harness.gate.policy == .known(tier: Self.adult, source: .selfDeclared, communicationLimited: false))
        #expect(harness.store.string(forKey: AgeRecord.key) == "tier=18+;source=selfDeclared;limited=0")
    }
}
