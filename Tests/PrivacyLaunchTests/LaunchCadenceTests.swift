import AgeGating
import AgeKitSimulator
import AgeSignals
import Foundation
import PrivacyLaunch
import Testing

/// Rule 5: the launch sequence obeys the region's cadence, with the gate's swappable rules.
@Suite("rule 5: the launch sequence obeys the region's cadence")
struct LaunchCadenceTests {
    static func record(lastAsked: String?) -> CadenceRecord {
        var record = CadenceRecord(hasLaunched: true)
        if let lastAsked { record.recordRequest(at: CadenceRecord.date(ofDay: lastAsked)!) }
        return record
    }

    static func session(
        cadence: CadenceRule?, today: String, lastAsked: String?, saved: AgeAnswer?, region: String = "US-AL"
    ) async throws -> (SimulatedPrivacyDevice, LaunchSession) {
        let clock = SimulatedClock(start: try #require(CadenceRecord.date(ofDay: today)).addingTimeInterval(9 * 3600))
        let person = try #require(SandboxPersona.named("13to15-approved")).person(today: clock.today)
        let system = SimulatedAgeSystem(
            .init(
                person: person, region: try RegionCatalog.standard.region(region),
                capabilities: PlatformCapabilities(platform: .iOS, os: OSVersion(26, 4))), clock: clock)
        let device = SimulatedPrivacyDevice(
            ageSystem: system, setup: .init(savedAnswer: saved, cadence: record(lastAsked: lastAsked)))
        var settings = OwnerSettings()
        settings.cadence = cadence
        return (device, await device.session(settings: settings))
    }

    struct Row: Sendable, CustomTestStringConvertible {
        let cadence: CadenceRule?
        let today: String
        let lastAsked: String?
        let saved: AgeAnswer?
        let asks: Bool
        let rule: AgeStepRule
        var testDescription: String { "\(cadence?.description ?? "none") \(lastAsked ?? "never") -> \(today)" }
    }

    @Test(
        "the cadence decides whether this launch asks; between requests the saved answer stands",
        arguments: [
            // Alabama: about one request per 12 months, to the day.
            Row(
                cadence: .atMostEvery(months: 12), today: "2027-03-01", lastAsked: "2027-01-31", saved: .under,
                asks: false, rule: .cadenceNotDue),
            Row(
                cadence: .atMostEvery(months: 12), today: "2028-01-30", lastAsked: "2027-01-31", saved: .under,
                asks: false, rule: .cadenceNotDue),
            Row(
                cadence: .atMostEvery(months: 12), today: "2028-01-31", lastAsked: "2027-01-31", saved: .under,
                asks: true, rule: .sharedBelowThreshold),
            Row(
                cadence: .atMostEvery(months: 12), today: "2027-03-01", lastAsked: nil, saved: nil, asks: true,
                rule: .sharedBelowThreshold),
            Row(
                cadence: .atMostEvery(months: 12), today: "2027-03-01", lastAsked: "2027-02-01", saved: nil,
                asks: false, rule: .cadenceNotDue),
            // No owner rule: Alabama's own limit is in force, as in the gate.
            Row(
                cadence: nil, today: "2027-03-01", lastAsked: "2027-02-28", saved: .under, asks: false,
                rule: .cadenceNotDue),
            // An owner rule cannot loosen it: every launch still waits for the 12 months.
            Row(
                cadence: .everyLaunchWhenRequired, today: "2027-03-01", lastAsked: "2027-02-28", saved: .under,
                asks: false, rule: .cadenceNotDue),
        ])
    func cadence(_ row: Row) async throws {
        let (device, session) = try await Self.session(
            cadence: row.cadence, today: row.today, lastAsked: row.lastAsked, saved: row.saved)
        let sequence = await session.run()
        #expect(device.ageSystem.calls.requests == (row.asks ? 1 : 0))
        #expect(sequence.ageDecision?.rule == row.rule)
        if !row.asks { #expect(sequence.currentAnswer == row.saved ?? .under) }
        let kept = device.store.cadence
        #expect(kept.hasLaunched)
        #expect(kept.lastRequestDay == (row.asks ? row.today : row.lastAsked))
    }

    @Test("California: at download whatever the signals, then at every launch while regulated")
    func downloadAndLaunch() async throws {
        // A fresh install in an unregulated region: asked at download although nothing requires it.
        let clock = SimulatedClock()
        let system = SimulatedAgeSystem(
            .init(
                person: try #require(SandboxPersona.named("adult-confirmed")).person(today: clock.today),
                capabilities: PlatformCapabilities(platform: .iOS, os: OSVersion(26, 4))), clock: clock)
        let device = SimulatedPrivacyDevice(ageSystem: system)
        var settings = OwnerSettings()
        settings.cadence = .atDownloadAndLaunch
        _ = await device.session(settings: settings).run()
        #expect(system.calls.requests == 1)
        // The next launch in the unregulated region: no check required, not asked.
        _ = await device.session(settings: settings).run()
        #expect(system.calls.requests == 1)
    }

    @Test("owner settings read and write the cadence; a bad one is invalid_setting")
    func settingsFile() throws {
        let settings = try JSONDecoder().decode(OwnerSettings.self, from: Data(#"{"cadence": "every-12-months"}"#.utf8))
        #expect(settings.cadence == .atMostEvery(months: 12))
        #expect(throws: PrivacyLaunchError(.invalidSetting, "")) {
            try JSONDecoder().decode(OwnerSettings.self, from: Data(#"{"cadence": "daily"}"#.utf8))
        }
    }
}
