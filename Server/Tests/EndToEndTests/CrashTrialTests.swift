import Foundation
import Testing

/// Crash trials of the real binary (see ``CrashTrial``): a few per store in the test suite;
/// scripts/crash-trials runs hundreds through `AGEKIT_CRASH_TRIALS_SQLITE` and
/// `AGEKIT_CRASH_TRIALS_POSTGRES`.
@Suite("Crash trials: SIGKILL under load, restart, nothing acknowledged lost", .serialized)
struct CrashTrialTests {
    static func count(_ name: String, default value: Int) -> Int {
        ProcessInfo.processInfo.environment[name].flatMap(Int.init) ?? value
    }

    /// Every kind of moment in turn, the WAL restart on SQLite only.
    static func moment(_ index: Int, store: CrashTrial.Store) -> CrashTrial.Moment {
        let moments: [CrashTrial.Moment] =
            store == .sqlite
            ? [.random, .failedWrite, .parkedRegistration, .walRestart]
            : [.random, .failedWrite, .parkedRegistration]
        return moments[index % moments.count]
    }

    @Test("SQLite: every acknowledged notification and revocation survives SIGKILL; the file is intact")
    func sqlite() async throws {
        try await runTrials(store: .sqlite, count: Self.count("AGEKIT_CRASH_TRIALS_SQLITE", default: 4))
    }

    @Test(
        "PostgreSQL: every acknowledged notification and revocation survives SIGKILL",
        .enabled(if: PostgresDatabase.shouldRun))
    func postgres() async throws {
        try await runTrials(store: .postgres, count: Self.count("AGEKIT_CRASH_TRIALS_POSTGRES", default: 2))
    }

    func runTrials(store: CrashTrial.Store, count: Int) async throws {
        var total = CrashTrial.Outcome()
        var failedTrials = 0
        var duringLoad = 0
        let started = ContinuousClock.now
        for index in 0..<count {
            let trial = CrashTrial(store: store, moment: Self.moment(index, store: store), index: index)
            let trialStarted = ContinuousClock.now
            let outcome = try await trial.run()
            let seconds = (ContinuousClock.now - trialStarted).components.seconds
            print(
                "crash trial \(store.rawValue) \(index + 1)/\(count) \(trial.moment.rawValue): \(outcome), \(seconds) s"
            )
            #expect(outcome.problems.isEmpty, "trial \(index) (\(trial.moment)): \(outcome.problems)")
            #expect(outcome.lost == 0)
            #expect(outcome.acknowledged > 0)
            #expect(seconds < 180, "trial \(index) took \(seconds) s")
            if !outcome.problems.isEmpty { failedTrials += 1 }
            if outcome.unanswered > 0 { duringLoad += 1 }
            total.acknowledged += outcome.acknowledged
            total.found += outcome.found
            total.revocationsAcknowledged += outcome.revocationsAcknowledged
            total.revocationsApplied += outcome.revocationsApplied
            total.registrationsAcknowledged += outcome.registrationsAcknowledged
            total.events += outcome.events
        }
        let seconds = (ContinuousClock.now - started).components.seconds
        print(
            "crash trials \(store.rawValue): \(count) trials (\(duringLoad) killed with requests in flight), "
                + "\(failedTrials) failed; acknowledged \(total.acknowledged), "
                + "found \(total.found), lost \(total.lost); revocations applied \(total.revocationsApplied) of "
                + "\(total.revocationsAcknowledged); registrations \(total.registrationsAcknowledged); "
                + "events \(total.events); \(seconds) s")
    }
}
