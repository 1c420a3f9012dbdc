import AppStoreServerAPI
import AppStoreSignedData
import ConsentLedger
import Foundation

/// Attribution on a timer inside `agekit serve`: for every app with an `"api"` key and a
/// Production or Sandbox environment, once shortly after startup and then every
/// ``intervalSeconds``, at most ``Attribution/lookupsPerSecond`` lookups a second.
package final class AttributionSchedule: Sendable {
    /// An hour: revocations and accounts to attribute arrive rarely, and each run continues
    /// where the last one stopped.
    package static let intervalSeconds = 3_600.0

    let jobs: [Attribution]
    let interval: Double
    let say: @Sendable (String) -> Void
    private let loops = RepeatingTasks()

    /// Nil when no app has an API key for Production or Sandbox.
    package init?(
        apps: [AppConfiguration], verifier: SignedDataVerifier, ledger: Ledger,
        say: @escaping @Sendable (String) -> Void, interval: Double = AttributionSchedule.intervalSeconds,
        transport: any APITransport = HTTPClientTransport()
    ) throws(ServerError) {
        var jobs: [Attribution] = []
        for (index, app) in apps.enumerated() where app.api != nil {
            let sources = try Attribution.sources(for: app, index: index, transport: transport)
            guard !sources.isEmpty else { continue }
            jobs.append(Attribution(app: app, sources: sources, verifier: verifier, ledger: ledger))
        }
        guard !jobs.isEmpty else { return nil }
        self.jobs = jobs
        self.interval = interval
        self.say = say
    }

    /// One line per app for the startup summary.
    package var summary: [String] {
        jobs.map { job in
            "  attribution \(job.app.bundleId): every \(Int(interval / 60)) min, at most "
                + "\(Int(job.lookupsPerSecond)) lookups a second"
        }
    }

    package func start() {
        for job in jobs {
            loops.every(interval) { [say] in
                let report = await job.run()
                // Quiet when there was nothing to do: most runs of most ledgers.
                if report.candidates > 0 || report.storeFailure != nil { say(Self.line(job.app.bundleId, report)) }
            }
        }
    }

    /// Cancels the loops and waits (at most `timeoutSeconds`) for a run in flight to stop at
    /// its next candidate, so nothing reaches the store after it closes.
    package func stop(timeoutSeconds: Double = 5) {
        loops.stop(timeoutSeconds: timeoutSeconds)
    }

    package static func line(_ bundleId: String, _ report: AttributionReport) -> String {
        var line =
            "attribution \(bundleId): \(report.lookups) lookups, \(report.linked) linked, "
            + "\(report.attributed) attributed, \(report.frozen) frozen, \(report.notFound) without app transaction, "
            + "\(report.rejected) refused, \(report.left) left"
        if let failure = report.failure { line += "; stopped: \(failure.description)" }
        if let failure = report.storeFailure { line += "; stopped: \(failure.description)" }
        return line
    }
}
