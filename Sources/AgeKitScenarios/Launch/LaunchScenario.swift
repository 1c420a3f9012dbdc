import AgeGating
import AgeKitSimulator
import AgeSignals
import Foundation
import PrivacyLaunch

/// One run of `agekit launch`: the shared scenario, the owner's settings, and what the device
/// holds at launch (the consent SDK's region, stored consent and form answer, the tracking
/// status, the answer to the app's own "18 or older?" question).
package struct LaunchScenario: Sendable {
    package var scenario: ScenarioOptions
    package var settings = OwnerSettings()
    package var consentRegion = ConsentRegion.none
    /// The day of the stored consent (accepting all): older than 13 months is asked again.
    package var consentDate: CalendarDay?
    package var consentAnswer = SimulatedConsentSDK.FormAnswer.acceptAll
    package var tracking = TrackingStatus.notDetermined
    /// The answer to the app's own "18 or older?" question (no age range API on the platform).
    package var adultAnswer: Bool?

    package init(scenario: ScenarioOptions) {
        self.scenario = scenario
    }

    /// The launch at 09:00 UTC of the scenario's day, as every command starts its time.
    package var run: LaunchRun {
        LaunchRun(
            setup: scenario.setup, start: scenario.today.date.addingTimeInterval(9 * 3600), settings: settings,
            device: SimulatedPrivacyDevice.Setup(
                consent: SimulatedConsentSDK.Setup(
                    region: consentRegion, earlierChoices: consentDate.map { _ in .acceptAll },
                    earlierConsentDate: consentDate.map { Timestamp(year: $0.year, month: $0.month, day: $0.day) },
                    formAnswer: consentAnswer),
                trackingStatus: tracking, savedAnswer: scenario.saved, cadence: scenario.cadenceRecord,
                adultAnswer: adultAnswer))
    }

    /// The rule the launch follows: the owner's, tightened by the region's where it applies.
    package var cadenceInForce: CadenceRule {
        let region = scenario.region.applying(to: scenario.person)
        return CadenceRule.inForce(app: settings.cadence, region: region.cadenceRule(on: scenario.today))
    }

    /// The first lines of the text output: who, where, on what, the defaults used, and which
    /// of the region's dates the run follows.
    package var heading: String {
        let subject = scenario.personaName.map { "persona \($0)" } ?? scenario.personDescription
        let device = "\(scenario.capabilities.platform.rawValue) \(scenario.capabilities.os)"
        let rule = scenario.region.standing(of: scenario.person, on: scenario.today).text
        return "Privacy launch for \(subject) in \(scenario.region.id) on \(device)"
            + " (consent region \(consentRegion.rawValue), saved answer \(scenario.saved?.rawValue ?? "none"),"
            + " threshold \(settings.threshold), \(scenario.today), cadence \(cadenceInForce))" + scenario.defaultsNote
            + "\nRegion rule: \(rule)"
    }
}
