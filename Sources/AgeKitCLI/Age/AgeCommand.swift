import AgeGating
import AgeKitSimulator
import AgeSignals

/// `agekit age`: runs the gate against the simulated age-assurance system.
struct AgeCommand: Command {
    static let name = "age"
    static let summary = "Show what the age system returns and what the app's gate decides."
    static let help = """
        Usage: agekit age (--persona NAME | --age N) [scenario options] [--gates 13,16,18]
                          [--profile FILE] [--adult-answer yes|no] [--guardian BEHAVIOUR] [--json]
               agekit age personas [--json]
               agekit age regions [--json]

        Runs the app's age gate against the simulated system: prints what the system returns,
        whether the app asks at launch, the resulting policy and the decision for every feature
        of the app profile (the built-in example profile without --profile), and the guardian
        permission request for every feature communication limits close. The first line names
        the defaults the run used and any option it could not honour.

        Scenario options (the same in age, launch and changes):
        \(ScenarioOptions.help)

        Options:
          --gates LIST            the app's 1 to 3 gates, replacing the profile's
          --profile FILE          the app profile JSON ('-' reads standard input)
          --adult-answer yes|no   the answer to the app's own "18 or older?" question, where there
                                  is no Declared Age Range (below 26; visionOS, tvOS, watchOS)
          --guardian BEHAVIOUR    how a guardian answers a communication permission request:
                                  \(GuardianBehavior.names.joined(separator: ", ")) (default approve)
          --json                  machine-readable output

        Exit status: 0 done, 1 unreadable or invalid profile, 2 usage error.
        """

    static func run(_ arguments: [String], _ console: Console) async throws(CLIError) -> Int32 {
        let parsed = try Arguments(
            arguments, valued: AgeScenario.valued.union(["iterations"]), flags: AgeScenario.flags)
        switch parsed.positionals.first {
        case nil:
            let scenario = try AgeScenario.parse(parsed, console: console)
            let outcome = await AgeOutcome.run(scenario)
            console.out(parsed.flag("json") ? outcome.json(scenario).rendered() : outcome.text(scenario))
            return 0
        case "personas":
            try expectOnly(parsed, "personas")
            console.out(AgeCatalogs.personas(json: parsed.flag("json")))
            return 0
        case "regions":
            try expectOnly(parsed, "regions")
            console.out(AgeCatalogs.regions(json: parsed.flag("json")))
            return 0
        case "bench":
            let iterations = try parsed.value("iterations", as: "a positive whole number") {
                Int($0).flatMap { $0 > 0 ? $0 : nil }
            }
            console.out(await AgeBench.run(iterations: iterations ?? 10_000_000).rendered())
            return 0
        case let other?:
            throw .usage("unknown subcommand '\(other)' (personas, regions)")
        }
    }

    private static func expectOnly(_ parsed: Arguments, _ subcommand: String) throws(CLIError) {
        guard parsed.positionals.count == 1 else { throw .usage("'\(subcommand)' takes no more words") }
        for option in AgeScenario.valued.union(["iterations"]) where parsed.value(option) != nil {
            throw .usage("'\(subcommand)' takes no --\(option)")
        }
    }
}
