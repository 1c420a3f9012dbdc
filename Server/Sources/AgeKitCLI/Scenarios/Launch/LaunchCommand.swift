import AgeKitScenarios

/// `agekit launch`: runs the privacy launch sequence on the simulated device and prints
/// each step's decision and reason, then the feature guards.
struct LaunchCommand: Command {
    static let name = "launch"
    static let summary = "Run the privacy launch sequence (age, consent, tracking, ...) on the simulator."
    static let table = OptionTable(
        column: 22,
        [
            .valued(
                "consent-region", "R", "where the consent SDK places the person: EEA, UK, CH (a form is",
                "required) or NONE (default)"),
            .valued("owner", "FILE", "the owner settings JSON file (format: docs/privacy-launch.md)"),
            .valued(
                "tracking", "STATUS", "the tracking status at launch: notDetermined (default), restricted,",
                "denied or authorized"),
            .valued(
                "consent-answer", "A", "how the person answers a consent form: acceptAll (default),",
                "profileOnly, refuseAll or close"),
            .valued(
                "consent-date", "DAY", "the day the person answered the consent form (accepting all);",
                "consent older than 13 months is asked again"),
            .valued(
                "adult-answer", "yes|no", "the answer to the app's own \"18 or older?\" question where there is",
                "no age range API (visionOS, tvOS, watchOS)"),
            .flag("json", "print JSON: steps, ageAnswer, message, trackingPrompt, guards"),
        ])
    static let options = ScenarioOptions.options.options + table.options
    static let help = """
        Usage: agekit launch (--persona NAME | --age N) [scenario options] [--consent-region EEA]
                             [--owner FILE] [--tracking STATUS] [--consent-answer ANSWER]
                             [--consent-date YYYY-MM-DD] [--adult-answer yes|no] [--json]

        Runs the privacy launch sequence for one simulated person and prints the steps in order
        (content, age, consent, tracking, ads, notifications, location), each with its decision
        and reason, then the feature guards. The first line names the defaults the run used
        and any option it could not honour.

        Scenario options (the same in age, launch and changes):
        \(ScenarioOptions.options.text)

        The cadence rule for --last-asked is the region's from the date it follows (US-AL
        every-12-months, US-CA download-and-launch), which the owner's 'cadence' may only tighten.

        Options:
        \(table.text)

        Exit status: 0 the sequence ran, 1 the owner file is invalid, 2 usage error.
        """

    static func run(_ arguments: [String], _ console: Console) async throws(CLIError) -> Int32 {
        let parsed = try Arguments(arguments, options)
        let launch = try LaunchScenario(parsed)
        let report = await launch.run.run()
        console.out(
            parsed.flag("json")
                ? report.json(scenario: launch.scenario, appCadence: launch.settings.cadence)
                : report.text(heading: launch.heading))
        return 0
    }
}
