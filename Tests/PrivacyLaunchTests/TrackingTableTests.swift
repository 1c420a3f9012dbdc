import AgeSignals
import PrivacyLaunch
import Testing

/// DOMAIN §4, tracking step: one named case per row, first through the pure table, then
/// through a whole launch.
struct TrackingRow: Sendable, CustomTestStringConvertible {
    let name: String
    var answer: AgeAnswer = .over
    var consent: ConsentOutcome = .noFormRequired
    var hasAds = true
    var hasUsageDescription = true
    var status: TrackingStatus = .notDetermined
    let expected: TrackingDecision

    var testDescription: String { name }

    static let all: [TrackingRow] = [
        TrackingRow(name: "under threshold: never", answer: .under, expected: .skip(.underThreshold)),
        TrackingRow(
            name: "under threshold beats every other row", answer: .under, consent: .answered(.acceptAll),
            expected: .skip(.underThreshold)),
        TrackingRow(name: "consent step failed: no", consent: .failed(.refreshFailed), expected: .skip(.consentFailed)),
        TrackingRow(
            name: "consent form failed to show: no", consent: .failed(.formUnavailable), expected: .skip(.consentFailed)
        ),
        TrackingRow(
            name: "form answered refusing everything: no", consent: .answered(.refuseAll),
            expected: .skip(.personalisedAdsNotAccepted)),
        TrackingRow(
            name: "form answered with an ads profile but not selecting from it: no",
            consent: .answered(AdsChoices(buildAdsProfile: true, selectPersonalisedAds: false)),
            expected: .skip(.personalisedAdsNotAccepted)),
        TrackingRow(
            name: "form answered selecting personalised ads without a profile: no",
            consent: .answered(AdsChoices(buildAdsProfile: false, selectPersonalisedAds: true)),
            expected: .skip(.personalisedAdsNotAccepted)),
        TrackingRow(
            name: "earlier form answer without personalised ads: no", consent: .keptEarlierAnswer(.refuseAll),
            expected: .skip(.personalisedAdsNotAccepted)),
        TrackingRow(name: "no form required: choice check skipped, shown", consent: .noFormRequired, expected: .show),
        TrackingRow(
            name: "form turned off by owner: choice check skipped, shown", consent: .formTurnedOff, expected: .show),
        TrackingRow(name: "app has no ads: no", hasAds: false, expected: .skip(.noAds)),
        TrackingRow(
            name: "no tracking usage description: no", hasUsageDescription: false,
            expected: .skip(.noTrackingUsageDescription)),
        TrackingRow(name: "already denied once: no, kept", status: .denied, expected: .skip(.alreadyAnswered)),
        TrackingRow(name: "already authorized once: no, kept", status: .authorized, expected: .skip(.alreadyAnswered)),
        TrackingRow(name: "restricted: the system never prompts", status: .restricted, expected: .skip(.restricted)),
        TrackingRow(name: "otherwise: shown", consent: .answered(.acceptAll), expected: .show),
    ]
}

@Suite("Tracking step: DOMAIN §4 table")
struct TrackingTableTests {
    @Test("each row decides the prompt", arguments: TrackingRow.all)
    func row(_ row: TrackingRow) {
        let decision = TrackingStep.decide(
            answer: row.answer, consent: row.consent, hasAds: row.hasAds,
            hasTrackingUsageDescription: row.hasUsageDescription, status: row.status)
        #expect(decision == row.expected)
    }

    /// The same rows through a whole launch: the prompt appears exactly when the table says.
    @Test("a whole launch shows the prompt exactly when the row says so", arguments: TrackingRow.all)
    func launch(_ row: TrackingRow) {
        var world = World(ageOutcome: .sharing(row.answer == .over ? Ranges.adult : Ranges.from13))
        switch row.consent {
        case .failed(.refreshFailed): world.refresh = nil
        case .failed: world.refresh = .formNeeded; world.form = nil
        case .answered(let choices): world.refresh = .formNeeded; world.form = .obtained(choices)
        case .keptEarlierAnswer(let choices): world.refresh = .obtained(choices)
        case .noFormRequired, .formTurnedOff: world.refresh = .noFormNeeded
        }
        let settings = OwnerSettings(
            hasAds: row.hasAds, hasTrackingUsageDescription: row.hasUsageDescription,
            consentFormEnabled: row.consent != .formTurnedOff)
        let context = LaunchContext(os: OSVersion(26, 4), trackingStatus: row.status)
        let (sequence, actions) = runLaunch(settings, context, world: world)
        #expect(sequence.trackingDecision == row.expected)
        #expect(actions.contains(.showTrackingPrompt) == (row.expected == .show))
        #expect(sequence.record(.tracking)?.rule == row.expected.code)
        #expect(sequence.records.filter { $0.step == .tracking }.count == 1, "one record per step")
    }

    @Test("a prompt answered before keeps its answer in the sequence's context")
    func answerIsKept() {
        let (sequence, _) = runLaunch(OwnerSettings(), LaunchContext(os: OSVersion(26, 4), trackingStatus: .denied))
        #expect(sequence.context.trackingStatus == .denied)
    }

    @Test("the prompt answer is recorded")
    func answerRecorded() {
        let (sequence, actions) = runLaunch(world: World(trackingAnswer: .denied))
        #expect(actions.contains(.showTrackingPrompt))
        #expect(sequence.context.trackingStatus == .denied)
        #expect(actions.filter { ActionKind($0) == .showTrackingPrompt }.count == 1)
    }
}
