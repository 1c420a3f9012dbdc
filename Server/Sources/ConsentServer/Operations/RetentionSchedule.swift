import ConsentLedger
import Foundation
import ServerTime
import Synchronization

/// serve's retention, run once at start and then every `intervalMinutes`: what
/// `agekit prune` does by hand, with the configured ages.
package final class RetentionSchedule: Sendable {
    let ledger: Ledger
    let retention: RetentionConfiguration
    let clock: any ServerClock
    let say: @Sendable (String) -> Void
    private let task = Mutex<Task<Void, Never>?>(nil)

    /// Nil when the schedule is off (`intervalMinutes` 0).
    package init?(
        ledger: Ledger, retention: RetentionConfiguration, clock: any ServerClock = SystemClock(),
        say: @escaping @Sendable (String) -> Void
    ) {
        guard retention.intervalMinutes > 0 else { return nil }
        self.ledger = ledger
        self.retention = retention
        self.clock = clock
        self.say = say
    }

    package var summary: String {
        let payloads = retention.payloadDays.map { "signed payloads after \($0) days" } ?? "signed payloads kept"
        return "  retention: delivered outbox rows after \(retention.deliveredOutboxDays) days, \(payloads); "
            + "every \(retention.intervalMinutes) min"
    }

    package func start() {
        let running = Task.detached { [self] in
            while !Task.isCancelled {
                runOnce()
                try? await Task.sleep(for: .seconds(Double(retention.intervalMinutes) * 60))
            }
        }
        task.withLock { $0 = running }
    }

    package func stop() {
        task.withLock { running in
            running?.cancel()
            running = nil
        }
    }

    /// One pass; a failure is said and retried at the next interval.
    func runOnce() {
        let day: Int64 = 86_400_000
        let now = clock.now()
        do {
            let report = try ledger.prune(
                deliveredBefore: now - Int64(retention.deliveredOutboxDays) * day,
                payloadsReceivedBefore: retention.payloadDays.map { now - Int64($0) * day })
            if report.deliveredOutboxRows + report.payloads > 0 {
                say(
                    "retention: pruned \(report.deliveredOutboxRows) delivered outbox rows and \(report.payloads) signed payloads"
                )
            }
        } catch {
            say(
                "retention: prune failed (\(error.code.rawValue)): \(error.reason); retried in \(retention.intervalMinutes) min"
            )
        }
    }
}
