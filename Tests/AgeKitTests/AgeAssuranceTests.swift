import AgeKit
import AgeKitSimulator
import Foundation
import Testing

/// The one object an app holds, driven on Linux against the simulator: a whole regulated
/// launch, a guardian's approval of a significant change, and an approval the guardian then
/// tries to take back (withdrawal reaches the server as RESCIND_CONSENT, never the app).
@MainActor
@Suite("AgeAssurance: the one object an app holds", .timeLimit(.minutes(1)))
struct AgeAssuranceTests {
    struct Device {
        let clock: SimulatedClock
        let system: SimulatedAgeSystem
        let permissions: SimulatedPermissionCenter
        let communication: SimulatedCommunicationCenter
        let assurance: AgeAssurance
    }

    static let catalog = try! ChangeCatalog(
        json: Data(
            """
            {"appVersion": "1.2", "changes": [
              {"id": "direct-messages", "introducedIn": "1.2", "introducedInBuild": "31",
               "description": "Adds direct messages between people who follow each other", "scope": ["messages"]}
            ]}
            """.utf8))

    static func device(
        age: Int, region: String, guardian: GuardianBehavior, launch: ((SimulatedAgeSystem) -> LaunchServices)? = nil,
        acknowledgments: ((NoticeBoard) -> any AcknowledgmentPresenter)? = nil
    ) throws -> Device {
        let clock = SimulatedClock(start: try #require(CalendarDay(2026, 12, 3)).date.addingTimeInterval(9 * 3600))
        let person = SimulatedPerson.aged(
            age, today: clock.today, declaration: .guardianDeclared, significantUpdateApplicable: true)
        let capabilities = PlatformCapabilities(platform: .iOS, os: OSVersion(26, 4))
        let system = SimulatedAgeSystem(
            .init(person: person, region: try RegionCatalog.standard.region(region), capabilities: capabilities),
            clock: clock)
        let permissions = SimulatedPermissionCenter(behavior: guardian, personIsAdult: age >= 18, clock: clock)
        let communication = SimulatedCommunicationCenter(behavior: guardian, clock: clock)
        let privacy = SimulatedPrivacyDevice(ageSystem: system)
        let notices = NoticeBoard()
        let assurance = AgeAssurance(
            configuration: .init(profile: .example, catalog: catalog, capabilities: capabilities),
            services: .init(
                ageRange: system, permissions: permissions, communication: communication,
                acknowledgments: acknowledgments?(notices) ?? SimulatedAcknowledgmentPresenter(),
                ratingCodes: RatingCodeSequence([nil]), store: InMemoryKeyValueStore(),
                ledgerStore: InMemorySyncedStore(), launch: launch?(system) ?? privacy.services, clock: clock,
                notices: notices))
        return Device(
            clock: clock, system: system, permissions: permissions, communication: communication,
            assurance: assurance)
    }

    @Test("a regulated 14-year-old: one age request, the launch stops, features follow the tier")
    func regulatedLaunch() async throws {
        let device = try Self.device(age: 14, region: "US-TX", guardian: .approve(after: 300))
        await device.assurance.start()
        await device.assurance.start()
        #expect(device.system.calls.requests == 1)
        #expect(device.assurance.launch?.currentAnswer == .under)
        #expect(!device.assurance.allows(.ads))
        #expect(device.assurance.status(of: "notes").isOpen)
        #expect(device.assurance.status(of: "market").nextStep == .tooYoung)
        #expect(device.assurance.status(of: "unknown-feature").isOpen)
    }

    @Test("an app with only the tracking prompt: every other launch service has a default that says what it does")
    func defaults() async throws {
        let tracking = SimulatedTrackingPrompt(journal: PromptJournal())
        let device = try Self.device(
            age: 30, region: "US-TX", guardian: .approve(after: 300),
            launch: { _ in LaunchServices(tracking: tracking) })
        await device.assurance.start()
        #expect(device.system.calls.requests == 1)
        let launch = try #require(device.assurance.launch)
        #expect(launch.currentAnswer == .over && launch.isDone)
        #expect(tracking.promptsShown == 1)
        #expect(launch.adsStarted)
        #expect(launch.record(.notifications)?.decision == "no prompt")
        #expect(device.assurance.status(of: "market").isOpen)
    }

    @Test(
        "a 16-year-old's messages wait for the guardian's consent to the change, then open; a later denial is kept out")
    func guardianApprovalThenDenial() async throws {
        let device = try Self.device(
            age: 16, region: "US-TX", guardian: .approveThenDeny(approveAfter: 300, denyAfter: 360))
        await device.assurance.start()
        #expect(device.system.calls.requests == 1)
        #expect(device.assurance.status(of: "messages").nextStep == .waitForChange)
        #expect(device.permissions.asked.count == 1)
        device.clock.advance(by: .seconds(300))
        _ = device.permissions.deliverResponses(until: device.clock.now)
        #expect(await Observed.eventually { device.assurance.blockedChanges.isEmpty })
        #expect(device.assurance.status(of: "messages").isOpen)
        device.clock.advance(by: .seconds(60))
        _ = device.permissions.deliverResponses(until: device.clock.now)
        await device.assurance.refresh()
        #expect(device.assurance.status(of: "messages").isOpen)
        await device.assurance.stop()
    }
}
