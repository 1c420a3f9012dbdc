import AgeKitSimulator
import AgeSignals
import Foundation
import SignificantChanges

/// `agekit changes`: runs the significant-change lifecycle for a sandbox persona on the
/// simulator and prints the timeline.
struct ChangesCommand: Command {
    static let name = "changes"
    static let summary = "Simulate significant-change consent for a persona and print the timeline."
    static let help = """
        Usage: agekit changes --catalog FILE --persona NAME [--original-version V]
                              [--answer shared|declined|unavailable]
                              [--rating-codes 0,0,4,5] [--guardian approve|deny|never|deny-then-approve]
                              [--os 26.4] [--platform iOS] [--region US-TX] [--json]

        Runs the significant-change consent lifecycle on the simulator: which catalog changes
        apply to the persona, the route taken, each guardian request's state, and what stays
        blocked. Time is simulated from 2026-06-18 09:00 UTC; each rating code is read at a
        launch one day after the previous one.

        Options:
          --catalog FILE            the change catalog (JSON; see docs/significant-changes.md)
          --persona NAME            under13-approved, 13to15-approved, 16to17-declined,
                                    adult-self-declared, adult-confirmed, adult-confirmed-notification
          --original-version V      AppTransaction.originalAppVersion: the build first installed (the
                                    marketing version on macOS; 1.0 is the sandbox's and exempts nothing)
          --answer A                shared (default: the persona's range), declined, or unavailable
          --rating-codes LIST       App Store age rating codes, one per launch (nil = unavailable)
          --guardian BEHAVIOUR      approve, deny, never, deny-then-approve (also approve-then-deny,
                                    late, cancel); default: the persona's sandbox answer
          --os VERSION              OS version (default 26.4)
          --platform NAME           iOS, iPadOS, macCatalyst, macOS, visionOS, tvOS, watchOS (default iOS)
          --region ID               a simulator region such as US-TX (default: unregulated)
          --timeout-hours H         how long a guardian question stays pending (default 48)
          --unconfirmed-adult MODE  acknowledge (default) or blockUntilVerified
          --declined MODE           blockWithRetry (default) or acknowledge
          --json                    print JSON: route, pending, acknowledged, blocked, requests, timeline

        Exit status: 0 when the simulation ran, 1 for a bad catalog, 2 for a usage mistake.
        """

    static func run(_ arguments: [String], _ console: Console) async throws(CLIError) -> Int32 {
        let options = try ChangesOptions(arguments)
        let catalog = try options.loadCatalog()
        let start = ChangesRun.defaultStart
        var setup = SimulatedAgeSystem.Setup(
            person: options.persona.person(today: CalendarDay(start)), region: options.region,
            capabilities: options.capabilities)
        switch options.ageAnswer {
        case .shared: break
        case .declined: setup.person.sharing = .declines
        case .unavailable: setup.faults.request = .error(.notAvailable)
        }
        let answer = ConsentScenario.answer(setup: setup, on: CalendarDay(start))
        let run = ChangesRun(
            catalog: catalog, answer: answer, capabilities: options.capabilities, settings: options.settings,
            originalVersion: options.originalVersion, ratingCodes: options.ratingCodes, guardian: options.guardian,
            timeoutHours: options.timeoutHours, start: start)
        let result = await run.run()
        let report = ChangesReport(options: options, answer: answer, result: result)
        console.out(options.json ? report.json() : report.text())
        return 0
    }
}
