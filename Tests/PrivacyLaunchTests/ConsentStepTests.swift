import AgeSignals
import PrivacyLaunch
import Testing

@Suite("Consent step: refresh always, re-ask after 13 months")
struct ConsentStepTests {
    @Test("the refresh runs even when the owner turned the form off, and only then ads start")
    func refreshWithFormOff() throws {
        let settings = OwnerSettings(consentFormEnabled: false)
        let world = World(refresh: ConsentStatus(requirement: .required, canRequestAds: true))
        let (sequence, actions) = runLaunch(settings, world: world)
        #expect(actions.contains(.refreshConsent))
        #expect(!actions.contains(.showConsentForm))
        #expect(sequence.consentOutcome == .formTurnedOff)
        let refresh = try #require(actions.position(of: .refreshConsent))
        let ads = try #require(actions.position(of: .startAds))
        #expect(refresh < ads)
    }

    @Test("the SDK's own 'form off' switch also skips the form but not the refresh")
    func sdkFormOff() {
        let world = World(
            refresh: ConsentStatus(requirement: .required, canRequestAds: true, formTurnedOffByOwner: true))
        let (sequence, actions) = runLaunch(world: world)
        #expect(actions.contains(.refreshConsent))
        #expect(!actions.contains(.showConsentForm))
        #expect(sequence.consentOutcome == .formTurnedOff)
    }

    struct AgeCase: Sendable, CustomTestStringConvertible {
        let name: String
        let given: Timestamp
        let reasks: Bool
        var testDescription: String { name }
    }

    static let ages: [AgeCase] = [
        AgeCase(name: "given today: kept", given: referenceNow, reasks: false),
        AgeCase(name: "12 months old: kept", given: referenceNow.adding(months: -12), reasks: false),
        AgeCase(name: "exactly 13 months old: kept", given: referenceNow.adding(months: -13), reasks: false),
        AgeCase(
            name: "13 months and a second old: asked again",
            given: referenceNow.adding(months: -13).adding(seconds: -1), reasks: true),
        AgeCase(name: "14 months old: asked again", given: referenceNow.adding(months: -14), reasks: true),
        AgeCase(name: "three years old: asked again", given: referenceNow.adding(months: -36), reasks: true),
    ]

    @Test("consent older than 13 months is asked again", arguments: ages)
    func expiry(_ age: AgeCase) {
        let world = World(refresh: .obtained(.acceptAll, on: age.given), form: .obtained(.refuseAll))
        let (sequence, actions) = runLaunch(world: world)
        #expect(actions.contains(.showConsentForm) == age.reasks)
        #expect(sequence.consentOutcome == (age.reasks ? .answered(.refuseAll) : .keptEarlierAnswer(.acceptAll)))
    }

    @Test("a required form is shown, and its answer decides the tracking row")
    func requiredForm() {
        let world = World(refresh: .formNeeded, form: .obtained(.acceptAll))
        let (sequence, actions) = runLaunch(world: world)
        #expect(actions.kinds.filter { $0 == .showConsentForm }.count == 1)
        #expect(sequence.consentOutcome == .answered(.acceptAll))
        #expect(actions.position(of: .showConsentForm)! < actions.position(of: .showTrackingPrompt)!)
    }

    struct FailureCase: Sendable, CustomTestStringConvertible {
        let name: String
        let world: World
        let failure: ConsentFailure
        var testDescription: String { name }
    }

    static let failures: [FailureCase] = [
        FailureCase(name: "refresh failed", world: World(refresh: nil), failure: .refreshFailed),
        FailureCase(
            name: "requirement unknown after refresh",
            world: World(refresh: ConsentStatus(requirement: .unknown, canRequestAds: false)),
            failure: .requirementUnknown),
        FailureCase(
            name: "form required but unavailable",
            world: World(refresh: ConsentStatus(requirement: .required, formAvailable: false, canRequestAds: false)),
            failure: .formUnavailable),
        FailureCase(name: "form failed", world: World(refresh: .formNeeded, form: nil), failure: .formFailed),
        FailureCase(
            name: "form closed without an answer", world: World(refresh: .formNeeded, form: .formNeeded),
            failure: .formNotAnswered),
    ]

    @Test("a failed consent step: no tracking prompt; ads only if the SDK allows them", arguments: failures)
    func failure(_ failure: FailureCase) {
        let (sequence, actions) = runLaunch(world: failure.world)
        #expect(sequence.consentOutcome == .failed(failure.failure))
        #expect(!actions.contains(.showTrackingPrompt))
        #expect(!actions.contains(.startAds), "no case here lets the SDK request ads")
        #expect(actions.contains(.showNotificationPrompt), "the rest of the sequence still runs")
    }

    @Test("ads start only when the consent SDK says ads may be requested")
    func adsNeedConsent() {
        let allowed = runLaunch(world: World(refresh: ConsentStatus(requirement: .notRequired, canRequestAds: true)))
        let refused = runLaunch(world: World(refresh: ConsentStatus(requirement: .notRequired, canRequestAds: false)))
        let noAds = runLaunch(OwnerSettings(hasAds: false))
        #expect(allowed.actions.contains(.startAds))
        #expect(!refused.actions.contains(.startAds))
        #expect(!noAds.actions.contains(.startAds))
        #expect(allowed.sequence.adsStarted && !refused.sequence.adsStarted)
    }
}
