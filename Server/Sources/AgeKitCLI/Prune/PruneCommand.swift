import ConsentLedger
import ConsentServer
import Foundation
import ServerTime

/// `agekit prune`: retention by hand, what serve's `retention` schedule does.
struct PruneCommand: Command {
    static let name = "prune"
    static let summary = "Remove delivered outbox rows and, if asked, old notifications' signed payloads."
    static let table = OptionTable(
        column: 29,
        [
            .valued("delivered-older-than", "DAYS", "delivered outbox rows older than this go (0: all)"),
            .valued("payloads-older-than", "DAYS", "signed payloads of notifications older than this go"),
            .valued("config", "FILE", "the store and retention of this configuration"),
            .valued("data-dir", "DIR", "the store in this data directory"),
            .valued("store", "URL", "sqlite:PATH or postgres://..."),
            .flag("json", "one JSON object: {\"deliveredOutboxRows\": N, \"payloads\": N or null}"),
        ])
    static let options = table.options
    static let help = """
        Usage: agekit prune [--delivered-older-than DAYS] [--payloads-older-than DAYS]
                            [--config FILE] [--data-dir DIR] [--store URL] [--json]

        Deletes outbox rows delivered more than DAYS ago (default: the configuration's
        retention.deliveredOutboxDays, 7). With --payloads-older-than (or
        retention.payloadDays), also drops the signed payload of every notification received
        more than DAYS ago: the notification's row stays, with its UUID (so a redelivery is
        still answered as a duplicate and applied no second time) and its decoded fields, and
        its effects (accounts, links, events) are never touched. GET /v1/notifications/{uuid}
        then shows "signedPayload": null. Works in batches, so a running 'agekit serve' keeps
        committing meanwhile; serve runs the same on its schedule (retention.intervalMinutes).

        Options:
        \(table.text)
        """

    static func run(_ arguments: [String], _ console: Console) async throws(CLIError) -> Int32 {
        let parsed = try Arguments(arguments, options)
        guard parsed.positionals.isEmpty else { throw .usage("unexpected argument '\(parsed.positionals[0])'") }
        let days = { (name: String) throws(CLIError) -> Int? in
            try parsed.value(name, as: "a number of days, 0 or more") { Int($0).flatMap { $0 >= 0 ? $0 : nil } }
        }
        let delivered = try days("delivered-older-than")
        let payloads = try days("payloads-older-than")
        let retention: RetentionConfiguration
        do {
            retention = try ConfigurationLoader(environment: console.environment).load(
                .init(
                    configFile: parsed.value("config"), dataDirectory: parsed.value("data-dir"),
                    store: parsed.value("store"))
            ).retention
        } catch {
            throw .failure(code: error.code.rawValue, message: error.reason)
        }
        let (ledger, _) = try EventsCommand.openLedger(parsed, console)
        defer { ledger.close() }
        let day: Int64 = 86_400_000
        let now = SystemClock().now()
        let report: Ledger.PruneReport
        do {
            report = try ledger.prune(
                deliveredBefore: now - Int64(delivered ?? retention.deliveredOutboxDays) * day,
                payloadsReceivedBefore: (payloads ?? retention.payloadDays).map { now - Int64($0) * day })
        } catch {
            throw .failure(code: error.code.rawValue, message: error.reason)
        }
        let payloadsPruned: Int? = (payloads ?? retention.payloadDays) == nil ? nil : report.payloads
        if parsed.flag("json") {
            // payloads is null when payloads were kept, not pruned.
            console.out(
                JSONOutput.line(["deliveredOutboxRows": report.deliveredOutboxRows, "payloads": payloadsPruned as Any]))
            return 0
        }
        console.out("pruned \(report.deliveredOutboxRows) delivered outbox rows")
        console.out(
            payloadsPruned == nil
                ? "signed payloads kept (--payloads-older-than DAYS drops them)"
                : "pruned \(report.payloads) signed payloads")
        return 0
    }
}
