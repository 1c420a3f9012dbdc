import AgeGating
import AgeKitSimulator
import AgeSignals
import Foundation
import PrivacyLaunch

/// `agekit launch`: runs the privacy launch sequence on the simulated device and prints
/// each step's decision and reason, then the feature guards.
struct LaunchCommand: Command {
    static let name = "launch"
    static let summary = "Run the privacy launch sequence (age, consent, tracking, ...) on the simulator."
    static let help = """
        Usage: agekit launch (--persona NAME | --age N) [--declines] [--os 26.4] [--region ID]
                             [--consent-region EEA] [--owner FILE] [--saved over|under|none] [--json]
                             [--tracking STATUS] [--consent-answer ANSWER] [--date YYYY-MM-DD]
                             [--last-asked YYYY-MM-DD] [--consent-date YYYY-MM-DD]

        Runs the privacy launch sequence for one simulated person and prints the steps in order
        (content, age, consent, tracking, ads, notifications, location), each with its decision
        and reason, then the feature guards.

        Options:
          --persona NAME        a sandbox persona: \(SandboxPersona.all.map { $0.name }.joined(separator: ", "))
          --age N               a person of this age (0-130) who shares their age range
          --declines            the person declines to share (where the region's law allows it)
          --os VERSION          the device's OS version (default 26.4)
          --region ID           the person's region from the simulator catalog (default: default,
                                unregulated), e.g. US-TX, BR
          --consent-region R    where the consent SDK places the person: EEA, UK, CH (a form is
                                required) or NONE (default)
          --owner FILE          the owner settings JSON file (format: docs/privacy-launch.md)
          --saved ANSWER        the answer saved at an earlier launch: over, under or none (default)
          --tracking STATUS     the tracking status at launch: notDetermined (default), restricted,
                                denied or authorized
          --consent-answer A    how the person answers a consent form: acceptAll (default),
                                profileOnly, refuseAll or close
          --date YYYY-MM-DD     the simulated day (default 2026-11-30)
          --last-asked DAY      the day the app last asked for the age range: the cadence rule
                                (the region's while its law applies, which the owner's 'cadence' may
                                only tighten: US-AL every-12-months,
                                US-CA download-and-launch) decides whether this launch asks again
          --consent-date DAY    the day the person answered the consent form (accepting all);
                                consent older than 13 months is asked again
          --json                print JSON: steps, ageAnswer, message, trackingPrompt, guards

        Exit status: 0 the sequence ran, 1 the owner file is invalid, 2 usage error.
        """

    static func run(_ arguments: [String], _ console: Console) async throws(CLIError) -> Int32 {
        let options = try LaunchOptions(arguments) { path in try Data(contentsOf: URL(fileURLWithPath: path)) }
        let clock = SimulatedClock(start: options.date.date.addingTimeInterval(9 * 3600))
        var person: SimulatedPerson
        switch options.subject {
        case .persona(let persona): person = persona.person(today: clock.today)
        case .age(let age): person = .aged(age, today: clock.today)
        }
        if options.declines { person.sharing = .declines }
        let run = LaunchRun(
            setup: SimulatedAgeSystem.Setup(
                person: person, region: options.region,
                capabilities: PlatformCapabilities(platform: .iOS, os: options.os)),
            start: clock.now, settings: options.settings,
            device: SimulatedPrivacyDevice.Setup(
                consent: SimulatedConsentSDK.Setup(
                    region: options.consentRegion, earlierChoices: options.consentDate.map { _ in .acceptAll },
                    earlierConsentDate: options.consentDate.map {
                        Timestamp(year: $0.year, month: $0.month, day: $0.day)
                    },
                    formAnswer: options.consentAnswer),
                trackingStatus: options.tracking, savedAnswer: options.saved, cadence: Self.cadence(options)))
        let report = await run.run()
        if options.json {
            console.out(report.json())
        } else {
            let heading =
                "Privacy launch for \(options.subjectDescription) in \(options.region.id) on iOS \(options.os)"
                + " (consent region \(options.consentRegion.rawValue), saved answer \(options.saved?.rawValue ?? "none"),"
                + " threshold \(options.settings.threshold), \(options.date),"
                + " cadence \(Self.cadenceInForce(options)))"
            console.out(report.text(heading: heading))
        }
        return 0
    }

    /// The rule the launch follows: the owner's, tightened by the region's while its law applies.
    static func cadenceInForce(_ options: LaunchOptions) -> CadenceRule {
        CadenceRule.inForce(app: options.settings.cadence, region: options.region.cadenceRule(on: options.date))
    }

    /// The cadence record the app kept: launched before, and the day it last asked.
    static func cadence(_ options: LaunchOptions) -> CadenceRecord {
        guard let day = options.lastAsked else { return CadenceRecord() }
        var record = CadenceRecord(hasLaunched: true)
        record.recordRequest(at: day.date)
        return record
    }
}
