import AgeGating
import AgeKitSimulator
import AgeSignals
import Foundation
import PrivacyLaunch
import Testing

/// Issue "One age answer per launch": the gate and the launch sequence follow one rule
/// (``LaunchAsk``), keep one answer and one cadence record, and an app that runs both asks the
/// system at most once a launch. Each test names the item it shows; each fails on the code
/// before the rule was shared.
@MainActor
@Suite("one ask machine: the gate and the launch sequence ask once and agree")
struct OneAskTests {
    static let gates = try! AgeGates([13, 16, 18])

    struct Device {
        let clock: SimulatedClock
        let system: SimulatedAgeSystem
        let privacy: SimulatedPrivacyDevice
        let store: InMemoryKeyValueStore
    }

    static func device(
        age: Int = 14, region: String, day: String, platform: Platform = .iOS, os: OSVersion = OSVersion(26, 4),
        faults: SimulatorFaults = .none, store: InMemoryKeyValueStore = InMemoryKeyValueStore(),
        customRegion: Region? = nil
    ) throws -> Device {
        let clock = SimulatedClock(start: try #require(CadenceRecord.date(ofDay: day)).addingTimeInterval(9 * 3600))
        let person = SimulatedPerson.aged(age, today: clock.today)
        let system = SimulatedAgeSystem(
            .init(
                person: person, region: try customRegion ?? RegionCatalog.standard.region(region),
                capabilities: PlatformCapabilities(platform: platform, os: os), faults: faults), clock: clock)
        return Device(clock: clock, system: system, privacy: SimulatedPrivacyDevice(ageSystem: system), store: store)
    }

    static func gate(_ device: Device, cadence: CadenceRule = .everyLaunchWhenRequired) -> AgeGate {
        var configuration = AgeGate.Configuration(
            gates: gates, capabilities: device.system.setup.capabilities, cadence: cadence, onProgrammerError: { _ in })
        configuration.regionCadence = device.system.setup.region.cadenceRule(on: device.clock.today)
        return AgeGate(service: device.system, configuration: configuration, store: device.store, clock: device.clock)
    }

    @Test("a regulated launch with a gate and a launch sequence asks the system once, and both agree")
    func oneRequestPerLaunch() async throws {
        let device = try Self.device(region: "US-TX", day: "2026-12-03")
        let gate = Self.gate(device)
        let session = try await LaunchSession.prepare(
            settings: OwnerSettings(), gate: gate, services: device.privacy.services)
        let sequence = await session.run()
        #expect(device.system.calls.requests == 1)
        #expect(await session.ageRequests == 1)
        #expect(gate.lastLaunch?.ask.reason == .regulated)
        #expect(gate.policy.tier == AgeTier(lowerBound: 13, gates: Self.gates))
        #expect(sequence.ageDecision?.rule == .sharedBelowThreshold && sequence.currentAnswer == .under)
        #expect(!(await session.performed.contains(.showTrackingPrompt)))
    }

    @Test("a gate whose gates lack the launch threshold, or another cadence, is refused at construction")
    func refusedAtConstruction() async throws {
        let device = try Self.device(region: "US-TX", day: "2026-12-03")
        let gate = AgeGate(
            service: device.system,
            configuration: .init(gates: try AgeGates([13, 18]), capabilities: device.system.setup.capabilities),
            store: device.store, clock: device.clock)
        await #expect(throws: PrivacyLaunchError.self) {
            _ = try await LaunchSession.prepare(
                settings: OwnerSettings(), gate: gate, services: device.privacy.services)
        }
        var settings = OwnerSettings()
        settings.cadence = .atMostEvery(months: 12)
        await #expect(throws: PrivacyLaunchError.self) {
            _ = try await LaunchSession.prepare(
                settings: settings, gate: Self.gate(device), services: device.privacy.services)
        }
        #expect(device.system.calls.requests == 0)
    }

    /// Item 1: the age sheet waits for a person; ten seconds cancelled it under their eyes.
    @Test("item 1: a person who reads the sheet for a minute still answers")
    func slowReader() async throws {
        let device = try Self.device(region: "US-TX", day: "2026-12-03")
        let gate = AgeGate(
            service: SlowService(clock: device.clock, delay: .seconds(60)),
            configuration: .init(gates: Self.gates, capabilities: device.system.setup.capabilities),
            store: device.store, clock: device.clock)
        let request = Task { await gate.request(.personTapped) }
        await device.clock.waitForSleepers(2)
        device.clock.advance(by: .seconds(60))
        #expect(await request.value.isKnown)
        #expect(gate.lastFailure == nil)
    }

    /// Item 3: a request that got no answer does not start Alabama's twelve months.
    @Test("item 3: a failed request is not an ask that counts for the cadence")
    func failedRequestDoesNotCount() async throws {
        let device = try Self.device(
            region: "US-AL", day: "2027-01-01", faults: SimulatorFaults(request: .error(.notAvailable)))
        let first = Self.gate(device, cadence: .atMostEvery(months: 12))
        #expect(await first.launch().asked)
        #expect(first.cadenceRecord.lastRequestDay == nil)
        device.system.update { $0.faults = .none }
        device.clock.advance(days: 1)
        let next = Self.gate(device, cadence: .atMostEvery(months: 12))
        let report = await next.launch()
        #expect(report.asked && report.ask.reason != .cadenceNotDue)
        #expect(next.policy.isKnown)
        #expect(next.cadenceRecord.lastRequestDay == "2027-01-02")
    }

    /// Item 4: the launch sequence re-checks when a law starts, as the gate does.
    @Test("item 4: Alabama's law starts: the launch sequence asks once despite its cadence, a 14-year-old stops")
    func lawStartsInTheLaunchSequence() async throws {
        let clock = SimulatedClock(
            start: try #require(CadenceRecord.date(ofDay: "2027-01-01")).addingTimeInterval(9 * 3600))
        let system = SimulatedAgeSystem(
            .init(
                person: SimulatedPerson.aged(14, today: clock.today),
                region: try RegionCatalog.standard.region("US-AL"),
                capabilities: PlatformCapabilities(platform: .iOS, os: OSVersion(26, 4))), clock: clock)
        var record = CadenceRecord(hasLaunched: true, lastLaunchRegulated: false)
        record.recordRequest(at: try #require(CadenceRecord.date(ofDay: "2026-12-15")))
        let privacy = SimulatedPrivacyDevice(ageSystem: system, setup: .init(savedAnswer: .over, cadence: record))
        let session = await privacy.session(settings: OwnerSettings())
        let sequence = await session.run()
        #expect(system.calls.requests == 1)
        #expect(sequence.currentAnswer == .under)
        #expect(!(await session.performed.contains(.showTrackingPrompt)))
    }

    /// Item 5: one rule for declines. Regulated: asked at every launch (seed 000, seed 002),
    /// by the gate and the launch sequence alike.
    @Test("item 5: after a regulated decline the gate and the launch sequence both ask at the next launch")
    func declinesAgree() async throws {
        // A regulated region where a person may decline (Texas lets nobody decline).
        var regulated = Region.unregulated
        regulated.regulated = true
        let device = try Self.device(age: 30, region: "default", day: "2026-12-03", customRegion: regulated)
        device.system.update { $0.person.sharing = .declines }
        let first = Self.gate(device)
        _ = try await LaunchSession.prepare(settings: OwnerSettings(), gate: first, services: device.privacy.services)
            .run()
        #expect(first.policy == .declined)
        device.clock.advance(days: 1)
        let gate = Self.gate(device)
        let session = try await LaunchSession.prepare(
            settings: OwnerSettings(), gate: gate, services: device.privacy.services)
        _ = await session.run()
        #expect(gate.lastLaunch?.asked == true)
        #expect(device.system.calls.requests == 2)
        let alone = await SimulatedPrivacyDevice(ageSystem: device.system).session(settings: OwnerSettings()).run()
        #expect(alone.ageDecision?.asked == true)
    }

    /// Item 6: seed 000, "The Mac never asks at launch" (California's download rule included).
    @Test("item 6: the Mac never asks at launch, in the gate or the launch sequence")
    func macNeverAsksAtLaunch() async throws {
        let device = try Self.device(region: "US-CA", day: "2027-01-02", platform: .macOS, os: OSVersion(26, 4))
        let gate = Self.gate(device, cadence: .atDownloadAndLaunch)
        var settings = OwnerSettings()
        settings.cadence = .atDownloadAndLaunch
        let session = try await LaunchSession.prepare(settings: settings, gate: gate, services: device.privacy.services)
        let sequence = await session.run()
        #expect(device.system.calls.requests == 0)
        #expect(gate.lastLaunch?.ask.reason == .macNeverAsksAtLaunch)
        #expect(sequence.ageDecision?.rule == .macNeverAsksAtLaunch)
        #expect(await gate.open(FeatureRequirement(minimumAge: 16)).reason != .needsAgeRange)
        #expect(device.system.calls.requests == 1)
    }
}

/// Item 12: a platform without the API follows one rule whatever its version.
@Suite("item 12: one rule for a platform without the age range API")
struct NoAPIWhateverTheVersionTests {
    @Test(
        "tvOS, visionOS and watchOS take the no-API path at every version",
        arguments: [Platform.tvOS, .visionOS, .watchOS], [OSVersion(18, 0), OSVersion(26, 0), OSVersion(26, 4)])
    func noAPI(platform: Platform, os: OSVersion) {
        guard case .decided(let decision) = AgeStep.start(settings: OwnerSettings(), os: os, platform: platform)
        else {
            Issue.record("\(platform) \(os) should decide without asking")
            return
        }
        #expect(decision.rule == .noAgeRangeAPIWithoutAnswer && decision.answer == .under)
    }
}

/// A service that answers after `delay` on the test clock, as a person reading the sheet.
private struct SlowService: AgeRangeProvider {
    let clock: SimulatedClock
    let delay: Duration

    func requestAgeRange(gates: AgeGates) async throws(AgeRangeProviderError) -> AgeRangeResponse {
        do { try await clock.sleep(for: delay) } catch { throw .unknown("cancelled") }
        return .sharing(AgeRange(lowerBound: 18, upperBound: nil, declaration: .selfDeclared))
    }

    func isEligibleForAgeFeatures() async throws(AgeRangeProviderError) -> Bool { true }
    func requiredRegulatoryFeatures() async throws(AgeRangeProviderError) -> Set<RegulatoryFeature> {
        [.declaredAgeRangeRequired]
    }
}
