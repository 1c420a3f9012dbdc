import PrivacyLaunch
import Testing

@Suite("Update my consent")
struct ConsentUpdateTests {
    func run(
        _ settings: OwnerSettings = OwnerSettings(), answer: AgeAnswer = .over, tracking: TrackingStatus,
        form: ConsentUpdate.Event = .consentFormClosed(.obtained(.acceptAll)), launchFinished: Bool = true
    ) -> (ConsentUpdate, [ConsentUpdate.Action]) {
        var flow = ConsentUpdate(
            settings: settings, answer: answer, trackingStatus: tracking, launchFinished: launchFinished)
        var actions = flow.handle(.start, at: referenceNow)
        if actions == [.showConsentForm] { actions += flow.handle(form, at: referenceNow) }
        return (flow, actions)
    }

    @Test("refuses a person under the threshold: no form, no prompt")
    func refusesUnder() {
        let (flow, actions) = run(answer: .under, tracking: .notDetermined)
        #expect(actions == [.refuse(.underThreshold)])
        #expect(flow.stage == .refused)
    }

    @Test("refuses while the launch sequence still runs, so its prompts keep their order")
    func refusesDuringLaunch() {
        let (_, actions) = run(tracking: .notDetermined, launchFinished: false)
        #expect(actions == [.refuse(.launchInProgress)])
    }

    @Test("shows the form, then the tracking prompt where it can change something")
    func offersPrompt() {
        var (flow, actions) = run(tracking: .notDetermined)
        #expect(actions == [.showConsentForm, .showTrackingPrompt])
        #expect(flow.handle(.trackingPromptAnswered(.authorized), at: referenceNow).isEmpty)
        #expect(flow.stage == .finished && flow.trackingStatus == .authorized)
    }

    @Test("tracking refused before: offers to open Settings instead of a prompt")
    func openSettings() {
        let (_, actions) = run(tracking: .denied)
        #expect(actions == [.showConsentForm, .offerToOpenSettings])
    }

    struct NoPromptCase: Sendable, CustomTestStringConvertible {
        let name: String
        var settings = OwnerSettings()
        var tracking: TrackingStatus = .notDetermined
        var form: ConsentUpdate.Event = .consentFormClosed(.obtained(.acceptAll))
        var testDescription: String { name }
    }

    static let noPrompt: [NoPromptCase] = [
        NoPromptCase(name: "already authorized", tracking: .authorized),
        NoPromptCase(name: "restricted", tracking: .restricted),
        NoPromptCase(name: "personalised ads refused in the form", form: .consentFormClosed(.obtained(.refuseAll))),
        NoPromptCase(
            name: "refused before but personalised ads refused now", tracking: .denied,
            form: .consentFormClosed(.obtained(.refuseAll))),
        NoPromptCase(name: "the form failed", form: .consentFormFailed),
        NoPromptCase(name: "the app has no ads", settings: OwnerSettings(hasAds: false)),
        NoPromptCase(name: "no usage description", settings: OwnerSettings(hasTrackingUsageDescription: false)),
    ]

    @Test("no prompt and no Settings offer where nothing can change", arguments: noPrompt)
    func noPromptCases(_ row: NoPromptCase) {
        let (flow, actions) = run(row.settings, tracking: row.tracking, form: row.form)
        #expect(!actions.contains(.showTrackingPrompt))
        #expect(!actions.contains(.offerToOpenSettings))
        #expect(flow.stage == .finished)
    }

    @Test("with the form turned off it goes straight to the tracking decision")
    func formOff() {
        var flow = ConsentUpdate(
            settings: OwnerSettings(consentFormEnabled: false), answer: .over, trackingStatus: .notDetermined)
        #expect(flow.handle(.start, at: referenceNow) == [.showTrackingPrompt])
    }

    @Test("stray events change nothing")
    func strayEvents() {
        var flow = ConsentUpdate(settings: OwnerSettings(), answer: .over, trackingStatus: .notDetermined)
        #expect(flow.handle(.trackingPromptAnswered(.authorized), at: referenceNow).isEmpty)
        #expect(flow.handle(.consentFormFailed, at: referenceNow).isEmpty)
        #expect(flow.stage == .notStarted)
        #expect(flow.handle(.start, at: referenceNow) == [.showConsentForm])
        #expect(flow.handle(.start, at: referenceNow).isEmpty)
        #expect(flow.ignoredEvents.count == 3)
    }
}
