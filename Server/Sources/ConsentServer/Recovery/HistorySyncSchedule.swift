import AppStoreServerAPI
import Foundation
import ServerTime

/// History sync on a timer inside `agekit serve`: for every app with `"historySync"`, once at
/// startup and then every `intervalMinutes`, over the last `lookbackHours` (cut to the
/// environment's history window), in each of its Production and Sandbox environments.
package final class HistorySyncSchedule: Sendable {
    struct Job: Sendable {
        let bundleId: String
        let environment: APIEnvironment
        let sync: HistorySync
        let interval: Double
        let lookback: Double
    }

    let jobs: [Job]
    let say: @Sendable (String) -> Void
    /// The intake's: each run's window ends at its now.
    private let clock: any ServerClock
    private let loops = RepeatingTasks()

    /// Nil when no app asks for a schedule.
    package init?(
        apps: [AppConfiguration], intake: NotificationIntake, say: @escaping @Sendable (String) -> Void,
        transport: any APITransport = HTTPClientTransport()
    ) throws(ServerError) {
        var jobs: [Job] = []
        for (index, app) in apps.enumerated() {
            guard let schedule = app.historySync else { continue }
            for environment in APIEnvironment.allCases where app.environments.contains(environment.rawValue) {
                let client = try APIClientFactory.client(
                    for: app, index: index, environment: environment, transport: transport)
                jobs.append(
                    Job(
                        bundleId: app.bundleId, environment: environment,
                        sync: HistorySync(source: client, intake: intake),
                        interval: Double(schedule.intervalMinutes) * 60, lookback: Double(schedule.lookbackHours) * 3600
                    ))
            }
        }
        guard !jobs.isEmpty else { return nil }
        self.jobs = jobs
        self.clock = intake.clock
        self.say = say
    }

    /// One line per job for the startup summary.
    package var summary: [String] {
        jobs.map { job in
            "  history sync \(job.bundleId) \(job.environment.rawValue): every \(Int(job.interval / 60)) min over "
                + "the last \(Int(job.lookback / 3600)) h"
        }
    }

    package func start() {
        for job in jobs {
            loops.every(job.interval) { [say, clock] in say(Self.line(job, await Self.runOnce(job, now: clock.date())))
            }
        }
    }

    /// Cancels the loops and waits (at most `timeoutSeconds`) for a sync in flight to stop at
    /// its next payload, so nothing reaches the store after it closes.
    package func stop(timeoutSeconds: Double = 5) {
        loops.stop(timeoutSeconds: timeoutSeconds)
    }

    static func runOnce(_ job: Job, now: Date) async -> HistorySyncReport {
        let window = Double(job.environment.historyDays) * 86_400 - 60
        let start = now.addingTimeInterval(-min(job.lookback, window))
        return await job.sync.run(NotificationHistoryRequest(startDate: start, endDate: now))
    }

    static func line(_ job: Job, _ report: HistorySyncReport) -> String {
        var line =
            "history sync \(job.bundleId) \(job.environment.rawValue): \(report.pages) pages, \(report.new) new, "
            + "\(report.duplicate) duplicate, \(report.rejected) rejected"
        if let failure = report.failure { line += "; stopped: \(failure.description)" }
        return line
    }
}
