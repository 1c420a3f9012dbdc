import ConsentLedger

/// What `/metrics` shows of forwarding: attempts by outcome (counted as they happen) and
/// the outbox's state (read from the store when scraped).
extension Forwarder {
    static let attempts = "agekit_forwarding_attempts_total"

    func registerGauges(_ metrics: Metrics) {
        let ledger = ledger
        let clock = clock
        let lastSuccess = lastSuccess
        metrics.gauge("agekit_outbox_pending", help: "Events waiting to be forwarded (due or backing off).") {
            Double((try? ledger.outboxCounts()[.pending]) ?? 0)
        }
        metrics.gauge("agekit_outbox_dead", help: "Events parked as dead after their last attempt: look at each.") {
            Double((try? ledger.outboxCounts()[.dead]) ?? 0)
        }
        metrics.gauge(
            "agekit_outbox_oldest_pending_age_seconds",
            help: "Age of the oldest event waiting to be forwarded; 0 when none waits."
        ) {
            guard let oldest = try? ledger.outboxOldestPending() else { return 0 }
            return Double(max(0, clock.now() - oldest)) / 1000
        }
        metrics.gauge(
            "agekit_forwarding_last_success_timestamp_seconds",
            help: "When a backend last accepted an event (Unix time); 0 before the first since start."
        ) {
            Double(lastSuccess.get() ?? 0) / 1000
        }
    }
}
