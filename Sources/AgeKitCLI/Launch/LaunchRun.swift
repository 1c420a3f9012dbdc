import AgeKitSimulator
import AgeSignals
import Foundation
import PrivacyLaunch

/// One privacy launch on the simulated device: the computation behind `agekit launch`, and
/// the one `agekit explore` runs for every cell, so the two can never disagree.
struct LaunchRun: Sendable {
    /// The person, region and device the age system simulates.
    var setup: SimulatedAgeSystem.Setup
    /// When the launch happens (the simulated clock starts here).
    var start: Date
    var settings: OwnerSettings
    var consentRegion: ConsentRegion = .none
    var consentAnswer: SimulatedConsentSDK.FormAnswer = .acceptAll
    var tracking: TrackingStatus = .notDetermined
    var saved: AgeAnswer?

    /// Runs the sequence to its end and reports the steps and the actions performed.
    func run() async -> LaunchReport {
        let clock = SimulatedClock(start: start)
        let system = SimulatedAgeSystem(setup, clock: clock)
        let device = SimulatedPrivacyDevice(
            ageSystem: system,
            setup: SimulatedPrivacyDevice.Setup(
                consent: SimulatedConsentSDK.Setup(region: consentRegion, formAnswer: consentAnswer),
                trackingStatus: tracking, savedAnswer: saved))
        let session = await device.session(settings: settings)
        let sequence = await session.run()
        return LaunchReport(sequence: sequence, performed: await session.performed)
    }
}
