import AgeKitSimulator
import PrivacyLaunch
import Testing

/// The privacy fakes behave like the services they stand for, deterministically.
@Suite("Simulated privacy services")
struct SimulatedServicesTests {
    let clock = SimulatedClock()

    @Test("consent regions: EEA, UK and CH require a form; NONE does not", arguments: ConsentRegion.allCases)
    func regions(_ region: ConsentRegion) async throws {
        let sdk = SimulatedConsentSDK(.init(region: region), clock: clock)
        let status = try await sdk.refresh()
        #expect(status.requirement == (region == .none ? .notRequired : .required))
        #expect(status.canRequestAds == (region == .none))
    }

    @Test("ads may be requested only after a refresh")
    func adsAfterRefresh() async throws {
        let sdk = SimulatedConsentSDK(.init(region: .none), clock: clock)
        #expect(await sdk.currentStatus().canRequestAds == false)
        #expect(await sdk.currentStatus().requirement == .unknown)
        #expect(try await sdk.refresh().canRequestAds)
    }

    @Test("the form cannot show before a refresh, and records the answer with the clock's time")
    func form() async throws {
        let journal = PromptJournal()
        let sdk = SimulatedConsentSDK(.init(region: .eea, formAnswer: .profileOnly), clock: clock, journal: journal)
        await #expect(throws: ConsentServiceError.notRefreshed) { try await sdk.showForm() }
        _ = try await sdk.refresh()
        let status = try await sdk.showForm()
        #expect(status.requirement == .obtained)
        #expect(status.choices == AdsChoices(buildAdsProfile: true, selectPersonalisedAds: false))
        #expect(status.consentDate == Timestamp(clock.now))
        #expect(journal.all == [.consentRefresh, .consentForm])
    }

    @Test("faults: a failing refresh, an unavailable form, a form closed unanswered")
    func faults() async throws {
        let failing = SimulatedConsentSDK(.init(region: .eea, refreshFails: true), clock: clock)
        await #expect(throws: ConsentServiceError.network) { try await failing.refresh() }
        let unavailable = SimulatedConsentSDK(.init(region: .eea, formUnavailable: true), clock: clock)
        #expect(try await unavailable.refresh().formAvailable == false)
        await #expect(throws: ConsentServiceError.formUnavailable) { try await unavailable.showForm() }
        let closing = SimulatedConsentSDK(.init(region: .eea, formAnswer: .close), clock: clock)
        _ = try await closing.refresh()
        #expect(try await closing.showForm().requirement == .required)
    }

    @Test("the tracking prompt shows once, only when not determined", arguments: TrackingStatus.allCases)
    func tracking(_ status: TrackingStatus) async {
        let prompt = SimulatedTrackingPrompt(status: status, answer: .denied, journal: PromptJournal())
        let first = await prompt.requestAuthorization()
        let second = await prompt.requestAuthorization()
        #expect(first == (status == .notDetermined ? .denied : status))
        #expect(second == first)
        #expect(prompt.promptsShown == (status == .notDetermined ? 1 : 0))
        #expect(prompt.requests == 2)
    }

    @Test("notification and location answers", arguments: [PermissionStatus.granted, .denied])
    func permissions(_ answer: PermissionStatus) async {
        let journal = PromptJournal()
        let notifications = SimulatedPermission(.notifications, answer: answer, journal: journal)
        let location = SimulatedPermission(.location, status: .granted, answer: .denied, journal: journal)
        #expect(await notifications.requestAuthorization() == answer)
        #expect(await location.requestAuthorization() == .granted, "already answered: no prompt")
        #expect(journal.all == [.notificationPrompt])
    }

    @Test("a stopped tool drops its events")
    func toolStops() async {
        let tool = SimulatedTool(.analytics, journal: PromptJournal())
        tool.send()
        await tool.stopEvents()
        tool.send()
        tool.send()
        #expect(tool.receivedEvents == 1 && tool.droppedEvents == 2 && tool.isStopped)
    }

    @Test("the answer store keeps only over or under")
    func store() async {
        let store = SimulatedAgeAnswerStore()
        #expect(await store.load() == nil)
        await store.save(.under)
        #expect(await store.load() == .under && store.saveCount == 1)
    }

    @Test("unknown consent region names are errors")
    func consentRegionParsing() throws {
        #expect(try ConsentRegion(parsing: "eea") == .eea)
        #expect(throws: SimulatorError.self) { try ConsentRegion(parsing: "Mars") }
    }
}
