import AgeSignals
import PrivacyLaunch
import Testing

/// DOMAIN §4, age step: one named case per table row (and the variants that matter).
struct AgeStepRow: Sendable, CustomTestStringConvertible {
    let name: String
    var settings = OwnerSettings()
    var os = OSVersion(26, 4)
    var requirement: AgeCheckRequirement = .required
    var outcome: AgeRangeOutcome = .sharing(Ranges.adult)
    var saved: AgeAnswer?
    let answer: AgeAnswer
    let rule: AgeStepRule
    let saves: Bool
    let asked: Bool
    var checksRequirement: Bool = true
    var showsMessage = false

    var testDescription: String { name }

    static let all: [AgeStepRow] = [
        AgeStepRow(
            name: "protection off: over, not asked", settings: OwnerSettings(ageProtection: false), outcome: .declined,
            answer: .over, rule: .protectionOff, saves: false, asked: false, checksRequirement: false),
        AgeStepRow(
            name: "OS older than 26: over, not asked", os: OSVersion(18, 5), outcome: .declined,
            answer: .over, rule: .osBelow26, saves: false, asked: false, checksRequirement: false),
        AgeStepRow(
            name: "26.2+ no age check required: over, saved", os: OSVersion(26, 2), requirement: .notRequired,
            outcome: .sharing(Ranges.under13), answer: .over, rule: .noCheckRequired, saves: true, asked: false),
        AgeStepRow(
            name: "26.4 no age check required: over, saved", requirement: .notRequired, outcome: .declined,
            answer: .over, rule: .noCheckRequired, saves: true, asked: false),
        AgeStepRow(
            name: "shared range starting at the threshold: over, saved", outcome: .sharing(Ranges.from16),
            answer: .over, rule: .sharedAtOrAboveThreshold, saves: true, asked: true),
        AgeStepRow(
            name: "shared range starting above the threshold: over, saved", outcome: .sharing(Ranges.adult),
            answer: .over, rule: .sharedAtOrAboveThreshold, saves: true, asked: true),
        AgeStepRow(
            name: "owner threshold 13 with a 13-15 range: over", settings: OwnerSettings(threshold: 13),
            outcome: .sharing(Ranges.from13), answer: .over, rule: .sharedAtOrAboveThreshold, saves: true,
            asked: true),
        AgeStepRow(
            name: "shared range starting below the threshold: under, saved", outcome: .sharing(Ranges.from13),
            answer: .under, rule: .sharedBelowThreshold, saves: true, asked: true),
        AgeStepRow(
            name: "regional band starting at 14 compared by lower bound: under", outcome: .sharing(Ranges.band14),
            answer: .under, rule: .sharedBelowThreshold, saves: true, asked: true),
        AgeStepRow(
            name: "range below the lowest gate (no lower bound): under, saved", outcome: .sharing(Ranges.under13),
            answer: .under, rule: .sharedBelowThreshold, saves: true, asked: true),
        AgeStepRow(
            name: "declined with 'over' saved: over, nothing saved", outcome: .declined, saved: .over,
            answer: .over, rule: .declinedUsesSavedAnswer, saves: false, asked: true),
        AgeStepRow(
            name: "declined with 'under' saved: under", outcome: .declined, saved: .under,
            answer: .under, rule: .declinedUsesSavedAnswer, saves: false, asked: true),
        AgeStepRow(
            name: "no answer (service error) with 'over' saved: over", outcome: .failed(.notAvailable), saved: .over,
            answer: .over, rule: .declinedUsesSavedAnswer, saves: false, asked: true),
        AgeStepRow(
            name: "no answer (deadline) with 'over' saved: over", outcome: .noAnswer, saved: .over,
            answer: .over, rule: .declinedUsesSavedAnswer, saves: false, asked: true),
        AgeStepRow(
            name: "declined with nothing saved: under and the message", outcome: .declined,
            answer: .under, rule: .declinedWithoutSavedAnswer, saves: false, asked: true, showsMessage: true),
        AgeStepRow(
            name: "no answer with nothing saved: under and the message", outcome: .failed(.network),
            answer: .under, rule: .declinedWithoutSavedAnswer, saves: false, asked: true, showsMessage: true),
        AgeStepRow(
            name: "26.0 with protection on: everyone is asked", os: OSVersion(26, 0), requirement: .notRequired,
            outcome: .sharing(Ranges.from13), answer: .under, rule: .sharedBelowThreshold, saves: true, asked: true,
            checksRequirement: false),
        AgeStepRow(
            name: "26.1 with protection on: everyone is asked", os: OSVersion(26, 1), requirement: .notRequired,
            outcome: .sharing(Ranges.adult), answer: .over, rule: .sharedAtOrAboveThreshold, saves: true, asked: true,
            checksRequirement: false),
        AgeStepRow(
            name: "26.2+ requirement unknown: asked (careful side)", requirement: .unknown,
            outcome: .sharing(Ranges.from13), answer: .under, rule: .sharedBelowThreshold, saves: true, asked: true),
    ]
}

@Suite("Age step: DOMAIN §4 table")
struct AgeStepTableTests {
    @Test("each row decides the answer, the save, the question and the message", arguments: AgeStepRow.all)
    func row(_ row: AgeStepRow) {
        let world = World(requirement: row.requirement, ageOutcome: row.outcome)
        let (sequence, actions) = runLaunch(
            row.settings, LaunchContext(os: row.os, savedAnswer: row.saved), world: world)

        #expect(sequence.ageDecision?.answer == row.answer)
        #expect(sequence.ageDecision?.rule == row.rule)
        #expect(sequence.currentAnswer == row.answer)
        #expect(actions.contains(.saveAgeAnswer(row.answer)) == row.saves)
        #expect(actions.contains(.saveAgeAnswer) == row.saves, "nothing but the decided answer is saved")
        #expect(actions.contains(.requestAgeRange) == row.asked)
        #expect(actions.contains(.checkAgeRequirement) == row.checksRequirement)
        #expect(actions.contains(.showMessage(.ageVerificationNotPossible)) == row.showsMessage)
        #expect((sequence.message != nil) == row.showsMessage)
        if row.asked {
            #expect(
                actions.contains(.requestAgeRange(row.settings.ageGates)), "asks with the owner's threshold as the gate"
            )
        }
    }

    @Test("the message names the problem and suggests entering the age in the App Store account")
    func messageWording() {
        let message = LaunchMessage.ageVerificationNotPossible
        #expect(message.title == "Age verification not possible")
        #expect(message.detail.contains("App Store account"))
        #expect(message.detail.contains("unavailable"))
    }

    @Test("requirement: either signal saying required wins; not required needs an answered signal")
    func requirementCombination() {
        let required: Set<RegulatoryFeature> = [.declaredAgeRangeRequired]
        #expect(AgeCheckRequirement(regulatoryFeatures: .success(required), eligibility: .success(false)) == .required)
        #expect(AgeCheckRequirement(regulatoryFeatures: .success([]), eligibility: .success(true)) == .required)
        #expect(AgeCheckRequirement(regulatoryFeatures: .success([]), eligibility: .success(false)) == .notRequired)
        #expect(AgeCheckRequirement(regulatoryFeatures: nil, eligibility: .success(false)) == .notRequired)
        #expect(AgeCheckRequirement(regulatoryFeatures: .failure(.notAvailable), eligibility: nil) == .unknown)
        #expect(AgeCheckRequirement(regulatoryFeatures: nil, eligibility: nil) == .unknown)
    }

    @Test("rule 3: a failed authoritative check is not cancelled out by an eligibility that reads false")
    func failedAuthoritativeCheck() {
        #expect(AgeCheckRequirement(regulatoryFeatures: .failure(.network), eligibility: .success(false)) == .unknown)
        #expect(AgeCheckRequirement(regulatoryFeatures: .failure(.network), eligibility: .success(true)) == .required)
        #expect(
            AgeCheckRequirement(regulatoryFeatures: .success([.declaredAgeRangeRequired]), eligibility: nil)
                == .required)
    }
}
