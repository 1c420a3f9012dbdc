import ConsentLedger

/// How `events status`, `dead` and `retry` print: a line for a person, or with `--json` one
/// JSON value for a script (shapes in the help and docs/cli.md).
struct EventsReport {
    let json: Bool
    let console: Console

    func status(_ counts: [OutboxItem.State: Int]) {
        let states: [OutboxItem.State] = [.pending, .delivered, .dead]
        if json {
            console.out(
                JSONOutput.line(Dictionary(uniqueKeysWithValues: states.map { ($0.rawValue, counts[$0] ?? 0) })))
        } else {
            for state in states { console.out("\(state.rawValue): \(counts[state] ?? 0)") }
        }
    }

    func dead(_ items: [OutboxItem]) {
        guard !json else {
            console.out(
                JSONOutput.line(
                    items.map { item -> [String: Any] in
                        [
                            "id": item.id, "bundleId": item.bundleId, "kind": item.kind,
                            "eventCursor": item.eventCursor, "attempts": item.attempts,
                            "lastError": item.lastError as Any,
                        ]
                    }))
            return
        }
        if items.isEmpty { console.out("no dead events") }
        for item in items {
            console.out(
                "#\(item.id) \(item.bundleId) \(item.kind) cursor \(item.eventCursor) after \(item.attempts) attempts: \(item.lastError ?? "")"
            )
        }
    }

    func requeued(_ count: Int) {
        console.out(
            json ? JSONOutput.line(["requeued": count]) : "re-queued \(count) dead event\(count == 1 ? "" : "s")")
    }
}
