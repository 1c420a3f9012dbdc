import AgeKitSimulator
import AgeSignals
import Foundation
import PrivacyLaunch

/// One privacy launch on the simulated device: the computation behind `agekit launch`, and
/// the one `agekit explore` runs for every cell, so the two can never disagree.
package struct LaunchRun: Sendable {
    /// The person, region and device the age system simulates.
    package var setup: SimulatedAgeSystem.Setup
    /// When the launch happens (the simulated clock starts here).
    package var start: Date
    package var settings: OwnerSettings
    /// The consent SDK, the permissions, the saved answer and the cadence record.
    package var device = SimulatedPrivacyDevice.Setup()

    package init(
        setup: SimulatedAgeSystem.Setup, start: Date, settings: OwnerSettings,
        device: SimulatedPrivacyDevice.Setup = SimulatedPrivacyDevice.Setup()
    ) {
        self.setup = setup
        self.start = start
        self.settings = settings
        self.device = device
    }

    /// Runs the sequence to its end and reports the steps and the actions performed. The
    /// region's cadence, where its law applies, is the floor the owner's may only tighten.
    package func run() async -> LaunchReport {
        let clock = SimulatedClock(start: start)
        let system = SimulatedAgeSystem(setup, clock: clock)
        let device = SimulatedPrivacyDevice(ageSystem: system, setup: device)
        let session = await device.session(settings: settings)
        // A hung call ends at its deadline on the simulated clock, as in `agekit age`.
        let sequence = await AgeOutcome.drive(clock, step: .seconds(10), hangs: setup.faults.hangs) {
            await session.run()
        }
        return LaunchReport(sequence: sequence, performed: await session.performed)
    }
}
