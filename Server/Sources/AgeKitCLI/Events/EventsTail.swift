import ConsentLedger
import ConsentServer
import Foundation

/// `agekit events tail`: follows the event feed as the admin API serves it, one line per
/// event, so a backend's handling can be watched while notifications arrive.
enum EventsTail {
    static func run(
        _ parsed: Arguments, _ ledger: Ledger, apps: Set<String>, _ console: Console
    ) async throws(CLIError)
        -> Int32
    {
        let followed =
            try parsed.value("app").map { (app) throws(CLIError) in
                guard apps.contains(app) else { throw EventsCommand.unknownApp(app, apps) }
                return [app]
            } ?? apps.sorted()
        let count = try parsed.value("count", as: "a number of events, 1 or more") {
            Int($0).flatMap { $0 >= 1 ? $0 : nil }
        }
        let interval =
            try parsed.value("interval", as: "a number of seconds above 0") { Double($0).flatMap { $0 > 0 ? $0 : nil } }
            ?? 1
        let start = try parsed.value("after", as: "a cursor, 0 or more") { Int64($0).flatMap { $0 >= 0 ? $0 : nil } }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var cursors: [String: Int64] = [:]
        do {
            for app in followed {
                if let start { cursors[app] = start } else { cursors[app] = try lastCursor(ledger, app) }
            }
        } catch {
            throw .failure(code: error.code.rawValue, message: error.reason)
        }
        // The ready line goes to standard error, so standard output holds only events: the
        // cursor it names is the one to pass to --after to resume exactly here.
        let from = followed.map { "\($0) after cursor \(cursors[$0] ?? 0)" }.joined(separator: ", ")
        console.err("events tail: ready, following \(from); Ctrl-C stops")
        var printed = 0
        while true {
            for app in followed {
                let events: [LedgerEvent]
                do {
                    events = try ledger.events(bundleId: app, after: cursors[app] ?? 0, limit: 500)
                } catch {
                    throw .failure(code: error.code.rawValue, message: error.reason)
                }
                for event in events {
                    console.out(parsed.flag("json") ? line(event, encoder) : text(event))
                    cursors[app] = event.cursor
                    printed += 1
                    if let count, printed >= count { return 0 }
                }
            }
            try? await Task.sleep(for: .seconds(interval))
        }
    }

    /// The feed's end now: only events after it are shown, as `tail -f` does.
    private static func lastCursor(_ ledger: Ledger, _ app: String) throws(LedgerError) -> Int64 {
        var cursor: Int64 = 0
        while true {
            let page = try ledger.events(bundleId: app, after: cursor, limit: 1_000)
            guard let last = page.last else { return cursor }
            cursor = last.cursor
        }
    }

    static func line(_ event: LedgerEvent, _ encoder: JSONEncoder) -> String {
        String(decoding: (try? encoder.encode(event)) ?? Data("{}".utf8), as: UTF8.self)
    }

    /// A line for a person: when the event committed (UTC, milliseconds), its cursor, app and kind.
    static func text(_ event: LedgerEvent) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let time = formatter.string(from: Date(timeIntervalSince1970: Double(event.createdAt) / 1000))
        var parts = [time, "#\(event.cursor)", event.bundleId, event.kind.rawValue]
        if let account = event.accountId { parts.append("account \(account)") }
        if let type = event.notificationType { parts.append(type) }
        if let uuid = event.notificationUUID { parts.append("notification \(uuid)") }
        if let transaction = event.appTransactionId { parts.append("app transaction \(transaction)") }
        if let detail = event.detail { parts.append("(\(detail))") }
        return parts.joined(separator: "  ")
    }
}
