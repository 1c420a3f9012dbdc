import AgeGating
import AgeKitScenarios
import AgeKitSimulator
import AgeSignals

/// `agekit age`: runs the gate against the simulated age-assurance system.
struct AgeCommand: Command {
    static let name = "age"
    static let summary = "Show what the age system returns and what the app's gate decides."
    static let table = OptionTable(
        column: 24,
        [
            .valued("gates", "LIST", "the app's 1 to 3 gates, replacing the profile's"),
            .valued("profile", "FILE", "the app profile JSON ('-' reads standard input)"),
            .valued(
                "adult-answer", "yes|no", "the answer to the app's own \"18 or older?\" question, where there",
                "is no Declared Age Range (below 26; visionOS, tvOS, watchOS)"),
            .valued(
                "guardian", "BEHAVIOUR", "how a guardian answers a communication permission request:",
                "\(GuardianBehavior.names.joined(separator: ", ")) (default approve)"),
            .flag("json", "machine-readable output"),
            .valued("iterations", "N", "age bench: the feature decisions to time (default 10000000)"),
        ])
    static let options = ScenarioOptions.options.options + table.options
    static let help = """
        Usage: agekit age (--persona NAME | --age N) [scenario options] [--gates 13,16,18]
                          [--profile FILE] [--adult-answer yes|no] [--guardian BEHAVIOUR] [--json]
               agekit age personas [--json]
               agekit age regions [--json]
               agekit age bench [--iterations N]

        Runs the app's age gate against the simulated system: prints what the system returns,
        whether the app asks at launch, the resulting policy and the decision for every feature
        of the app profile (the built-in example profile without --profile), and the guardian
        permission request for every feature communication limits close. The first line names
        the defaults the run used and any option it could not honour. 'bench' times the
        decisions and the simulator (a release build's figures: bench/age.sh).

        Scenario options (the same in age, launch and changes):
        \(ScenarioOptions.options.text)

        Options:
        \(table.text)

        Exit status: 0 done, 1 unreadable or invalid profile, 2 usage error.
        """

    static func run(_ arguments: [String], _ console: Console) async throws(CLIError) -> Int32 {
        let parsed = try Arguments(arguments, options)
        switch parsed.positionals.first {
        case nil:
            let scenario = try scenario(parsed, console: console)
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

    /// Builds the scenario from the options; every mistake is a usage error naming the option,
    /// an unreadable profile a failure.
    static func scenario(_ arguments: Arguments, console: Console) throws(CLIError) -> AgeScenario {
        var shared = try ScenarioOptions.parse(arguments)
        if arguments.value("saved") != nil {
            shared.notHonoured.append("--saved: the gate keeps its own record (tier, source), not an over/under answer")
        }
        var profile = AppProfile.example
        if let path = arguments.value("profile") {
            profile = try ConfigurationFiles.profile(path, console: console)
        }
        if let text = arguments.value("gates") {
            do {
                profile.gates = try AgeGates(parsing: text)
            } catch {
                throw .usage("--gates: \(error.reason)")
            }
        }
        let adultAnswer = try arguments.value("adult-answer", as: "yes or no") {
            $0 == "yes" ? true : $0 == "no" ? false : nil
        }
        let guardianName = arguments.value("guardian") ?? "approve"
        let guardian = try ScenarioOptions.guardian(guardianName)
        return AgeScenario(
            person: shared.person, personaName: shared.personaName, region: shared.region,
            capabilities: shared.capabilities, profile: profile, faults: shared.faults, today: shared.today,
            lastAsked: shared.lastAsked, adultAnswer: adultAnswer, guardian: guardian, guardianName: guardianName,
            shared: shared)
    }

    private static func expectOnly(_ parsed: Arguments, _ subcommand: String) throws(CLIError) {
        guard parsed.positionals.count == 1 else { throw .usage("'\(subcommand)' takes no more words") }
        for option in options where option.value != nil && parsed.value(option.name) != nil {
            throw .usage("'\(subcommand)' takes no --\(option.name)")
        }
    }
}
