import AgeGating
import AgeKitSimulator
import AgeSignals
import PrivacyLaunch
import Testing

/// Whole launches on the simulated device: the age system's personas and regions, and the
/// privacy fakes, driven by `LaunchSession`.
@Suite("Simulated launches")
struct SimulatedLaunchTests {
    func device(
        persona: String? = nil, age: Int? = nil, declines: Bool = false, region: String = "US-TX",
        os: OSVersion = OSVersion(26, 4), setup: SimulatedPrivacyDevice.Setup = .init()
    ) throws -> SimulatedPrivacyDevice {
        let clock = SimulatedClock()
        let capabilities = PlatformCapabilities(platform: .iOS, os: os)
        let regionValue = try RegionCatalog.standard.region(region)
        let person: SimulatedPerson
        if let persona {
            person = try #require(SandboxPersona.named(persona)).person(today: clock.today)
        } else {
            person = .aged(age ?? 30, today: clock.today, sharing: declines ? .declines : .shares)
        }
        let system = SimulatedAgeSystem(
            SimulatedAgeSystem.Setup(person: person, region: regionValue, capabilities: capabilities), clock: clock)
        return SimulatedPrivacyDevice(ageSystem: system, setup: setup)
    }

    @Test("an adult in Texas in the EEA consent region: every step in order")
    func adultFullOrder() async throws {
        let device = try device(
            persona: "adult-confirmed", setup: .init(consent: .init(region: .eea, formAnswer: .acceptAll)))
        let session = await device.session(settings: OwnerSettings())
        let sequence = await session.run()
        #expect(sequence.ageDecision?.rule == .sharedAtOrAboveThreshold)
        #expect(sequence.stage == .finished)
        #expect(
            device.journal.all == [
                .consentRefresh, .consentForm, .trackingPrompt, .adsStarted, .notificationPrompt, .locationPrompt,
            ])
        #expect(device.store.answer == .over)
        #expect(device.ageSystem.calls.requests == 1)
    }

    @Test(
        "sandbox personas in Texas land on the right side of 16",
        arguments: [
            ("under13-approved", AgeAnswer.under), ("13to15-approved", .under), ("16to17-declined", .over),
            ("adult-self-declared", .over), ("adult-confirmed", .over), ("adult-confirmed-notification", .over),
        ])
    func personas(_ name: String, _ expected: AgeAnswer) async throws {
        let device = try device(persona: name)
        let session = await device.session(settings: OwnerSettings())
        let sequence = await session.run()
        #expect(sequence.currentAnswer == expected)
        #expect(device.store.answer == expected)
        if expected == .under {
            #expect(device.journal.all.isEmpty, "nothing after the age step")
            #expect(device.consent.refreshCount == 0)
            #expect(device.tracking.requests == 0)
        } else {
            #expect(device.consent.refreshCount == 1)
        }
    }

    @Test("26.4 in an unregulated region: no check required, over and saved, nobody asked")
    func noCheckRequired() async throws {
        let device = try device(age: 12, region: "default")
        let sequence = await device.session(settings: OwnerSettings()).run()
        #expect(sequence.ageDecision?.rule == .noCheckRequired)
        #expect(device.ageSystem.calls.requests == 0)
        #expect(device.store.answer == .over)
    }

    @Test("26.1 asks everyone, even where no law applies; a decline with nothing saved is under")
    func earlyOSDecline() async throws {
        let device = try device(age: 30, declines: true, region: "default", os: OSVersion(26, 1))
        let sequence = await device.session(settings: OwnerSettings()).run()
        #expect(device.ageSystem.calls.requests == 1)
        #expect(device.ageSystem.calls.eligibility == 0 && device.ageSystem.calls.regulatoryFeatures == 0)
        #expect(sequence.ageDecision?.rule == .declinedWithoutSavedAnswer)
        #expect(sequence.message == .ageVerificationNotPossible)
        #expect(device.store.answer == nil, "an unclear answer is not saved")
    }

    @Test("a decline with 'over' saved keeps 'over'")
    func declineWithSaved() async throws {
        let device = try device(
            age: 30, declines: true, region: "default", os: OSVersion(26, 1), setup: .init(savedAnswer: .over))
        let sequence = await device.session(settings: OwnerSettings()).run()
        #expect(sequence.ageDecision?.rule == .declinedUsesSavedAnswer)
        #expect(sequence.currentAnswer == .over)
    }

    @Test("the consent refresh runs with the form off, and it is what lets ads start")
    func refreshWithFormOff() async throws {
        let device = try device(persona: "adult-confirmed", setup: .init(consent: .init(region: .none)))
        #expect(await device.consent.currentStatus().canRequestAds == false, "before a refresh ads are not allowed")
        let sequence = await device.session(settings: OwnerSettings(consentFormEnabled: false)).run()
        #expect(device.consent.refreshCount == 1)
        #expect(device.consent.formCount == 0)
        #expect(device.ads.isStarted)
        #expect(sequence.consentOutcome == .formTurnedOff)
    }

    @Test("every tracking status at launch", arguments: TrackingStatus.allCases)
    func trackingStatuses(_ status: TrackingStatus) async throws {
        let device = try device(persona: "adult-confirmed", setup: .init(trackingStatus: status))
        let sequence = await device.session(settings: OwnerSettings()).run()
        #expect(device.tracking.promptsShown == (status == .notDetermined ? 1 : 0))
        #expect(
            sequence.trackingDecision
                == (status == .notDetermined ? .show : .skip(status == .restricted ? .restricted : .alreadyAnswered)))
    }

    @Test("the ads SDK and attribution never prompt: one prompt at most, from the sequence")
    func onePromptOwner() async throws {
        let device = try device(persona: "adult-confirmed")
        let session = await device.session(settings: OwnerSettings())
        await session.toolStarted(.attribution)
        await session.run()
        device.attribution.send()
        await session.updateConsent()
        #expect(device.tracking.promptsShown == 1)
        #expect(device.journal.count(of: .trackingPrompt) == 1)
    }

    @Test("notification and location answers: location waits for the notification answer")
    func permissions() async throws {
        let device = try device(
            persona: "adult-confirmed", setup: .init(notificationAnswer: .denied, locationAnswer: .denied))
        let session = await device.session(settings: OwnerSettings())
        await session.requestLocation()
        #expect(device.location.promptsShown == 0, "a screen asking early gets no prompt")
        let sequence = await session.run()
        #expect(sequence.context.notificationStatus == .denied)
        #expect(sequence.context.locationStatus == .denied)
        let notification = try #require(device.journal.firstIndex(of: .notificationPrompt))
        let location = try #require(device.journal.firstIndex(of: .locationPrompt))
        #expect(notification < location)
    }

    @Test("trade-off: a tool started from a saved 'over' stops receiving events when the answer is under")
    func flipMidSession() async throws {
        let device = try device(persona: "13to15-approved", setup: .init(savedAnswer: .over))
        let session = await device.session(settings: OwnerSettings())
        #expect(await session.allows(.analytics), "the saved answer until this launch's answer arrives")
        await session.toolStarted(.analytics)
        device.analytics.send()
        await session.run()
        device.analytics.send()
        #expect(await session.allows(.analytics) == false)
        #expect(device.analytics.receivedEvents == 1)
        #expect(device.analytics.droppedEvents == 1)
        #expect(device.journal.all == [.toolEvent(.analytics), .eventsStopped(.analytics)])
    }

    @Test("consent older than 13 months is asked again on the simulated device")
    func expiredConsent() async throws {
        let clock = SimulatedClock()
        let old = Timestamp(clock.now).adding(months: -14)
        let device = try device(
            persona: "adult-confirmed",
            setup: .init(
                consent: .init(
                    region: .eea, earlierChoices: .acceptAll, earlierConsentDate: old, formAnswer: .refuseAll)))
        let sequence = await device.session(settings: OwnerSettings()).run()
        #expect(device.consent.formCount == 1)
        #expect(sequence.consentOutcome == .answered(.refuseAll))
        #expect(device.tracking.promptsShown == 0)
    }

    @Test("hanging requirement checks time out after 10 s each and the person is asked (careful side)")
    func hangingChecks() async throws {
        let device = try device(persona: "13to15-approved")
        device.ageSystem.update { $0.faults = SimulatorFaults(eligibility: .hang, regulatoryFeatures: .hang) }
        let session = await device.session(settings: OwnerSettings())
        let run = Task { await session.run() }
        for _ in 0..<2 {
            await device.clock.waitForSleepers(2)
            device.clock.advance(by: .seconds(10))
        }
        let sequence = await run.value
        #expect(device.ageSystem.calls.regulatoryFeatures == 1 && device.ageSystem.calls.eligibility == 1)
        #expect(device.ageSystem.calls.requests == 1)
        #expect(sequence.ageDecision?.rule == .sharedBelowThreshold)
    }

    @Test(
        "rule 3: a failing authoritative check is not cancelled by eligibility misreporting false: the minor is asked")
    func failingFeaturesFalseEligibility() async throws {
        let device = try device(persona: "13to15-approved")
        device.ageSystem.update {
            $0.faults = SimulatorFaults(regulatoryFeatures: .error(.network), eligibilityFalseNegative: true)
        }
        let sequence = await device.session(settings: OwnerSettings()).run()
        #expect(device.ageSystem.calls.requests == 1)
        #expect(sequence.ageDecision?.rule == .sharedBelowThreshold)
        #expect(sequence.currentAnswer == .under)
    }

    @Test("rule 3: a hung eligibility call never cancels the authoritative check in the launch sequence")
    func hungEligibility() async throws {
        let device = try device(persona: "13to15-approved")
        device.ageSystem.update { $0.faults = SimulatorFaults(eligibility: .hang) }
        let session = await device.session(settings: OwnerSettings())
        let run = Task { await session.run() }
        await device.clock.waitForSleepers(2)
        device.clock.advance(by: .seconds(10))
        let sequence = await run.value
        #expect(device.ageSystem.calls.regulatoryFeatures == 1)
        #expect(sequence.ageDecision?.rule == .sharedBelowThreshold)
    }

    /// Seed 000: "The Mac never asks at launch and still asks on tap"; macOS requires age
    /// assurance for nobody, so (seed 002) the person counts as over, saved. What the person
    /// shared on tap is kept.
    @Test("rule 4 in the launch sequence: the Mac never asks at launch; an answer shared on tap is kept")
    func macNeverAsks() async throws {
        let clock = SimulatedClock()
        let person = try #require(SandboxPersona.named("13to15-approved")).person(today: clock.today)
        let system = SimulatedAgeSystem(
            .init(
                person: person, region: try RegionCatalog.standard.region("US-TX"),
                capabilities: PlatformCapabilities(platform: .macOS, os: OSVersion(26, 4))), clock: clock)
        let device = SimulatedPrivacyDevice(ageSystem: system)
        let sequence = await device.session(settings: OwnerSettings()).run()
        #expect(system.calls.regulatoryFeatures == 0 && system.calls.eligibility == 0)
        #expect(system.calls.requests == 0)
        #expect(sequence.ageDecision?.rule == .macNeverAsksAtLaunch)
        #expect(sequence.currentAnswer == .over)
        let shared = SimulatedPrivacyDevice(ageSystem: system, setup: .init(savedAnswer: .under))
        let again = await shared.session(settings: OwnerSettings()).run()
        #expect(system.calls.requests == 0)
        #expect(again.currentAnswer == .under)
    }

    @Test(
        "visionOS, tvOS and watchOS have no region check: a Texas child is never counted over, never sees the tracking prompt",
        arguments: [Platform.visionOS, .tvOS, .watchOS])
    func noRegionCheckNeverOver(_ platform: Platform) async throws {
        let clock = SimulatedClock()
        let person = try #require(SandboxPersona.named("under13-approved")).person(today: clock.today)
        let system = SimulatedAgeSystem(
            .init(
                person: person, region: try RegionCatalog.standard.region("US-TX"),
                capabilities: PlatformCapabilities(platform: platform, os: OSVersion(26, 4))), clock: clock)
        let device = SimulatedPrivacyDevice(ageSystem: system)
        let sequence = await device.session(settings: OwnerSettings()).run()
        #expect(sequence.ageDecision?.rule != .noCheckRequired)
        #expect(sequence.currentAnswer == .under)
        #expect(device.tracking.promptsShown == 0)
    }

    @Test("a hanging age request with a deadline counts as no answer: the saved answer is used")
    func hangingRequest() async throws {
        let device = try device(persona: "adult-confirmed", setup: .init(savedAnswer: .over))
        device.ageSystem.update { $0.faults = SimulatorFaults(request: .hang) }
        let session = await LaunchSession.prepare(
            settings: OwnerSettings(), os: OSVersion(26, 4), services: device.services,
            deadlines: LaunchSession.Deadlines(ageRequest: .seconds(60), clock: device.clock))
        let run = Task { await session.run() }
        await device.clock.waitForSleepers(2)
        device.clock.advance(by: .seconds(60))
        let sequence = await run.value
        #expect(sequence.ageDecision?.rule == .declinedUsesSavedAnswer)
        #expect(sequence.currentAnswer == .over)
    }

    @Test("Update my consent: refused under, Settings offered after a refusal")
    func updateConsent() async throws {
        let child = try device(persona: "13to15-approved")
        let childSession = await child.session(settings: OwnerSettings())
        await childSession.run()
        #expect(await childSession.updateConsent().stage == .refused)
        #expect(child.consent.formCount == 0)

        let adult = try device(persona: "adult-confirmed", setup: .init(trackingStatus: .denied))
        let adultSession = await adult.session(settings: OwnerSettings())
        await adultSession.run()
        let flow = await adultSession.updateConsent()
        #expect(flow.trackingDecision == .skip(.alreadyAnswered))
        #expect(adult.tracking.promptsShown == 0)
    }
}
