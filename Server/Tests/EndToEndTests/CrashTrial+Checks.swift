import AppStoreSignedData
import Foundation
import TestSupport

extension CrashTrial {
    /// Checks the restarted server against what was acknowledged before the kill.
    func check(
        _ state: Acknowledged, on server: ServerProcess, ca: LocalCertificateAuthority, tag: String,
        into outcome: inout Outcome
    ) async throws {
        outcome.acknowledged = state.notifications.count
        let missing = await Self.each(Array(state.notifications)) { uuid in
            (try? await server.request("GET", "/v1/notifications/\(uuid)", admin: true))?.status == 200
        }
        outcome.found = state.notifications.count - missing.count
        if !missing.isEmpty { outcome.problems.append("acknowledged, not stored: \(missing.prefix(5))") }

        outcome.registrationsAcknowledged = state.registrations.count
        let unlinked = await Self.each(Array(state.registrations.keys)) { account in
            (try? await server.request("GET", "/v1/apps/\(Self.bundleId)/accounts/\(account)", admin: true))?.status
                == 200
        }
        if !unlinked.isEmpty { outcome.problems.append("registered, account missing: \(unlinked.prefix(5))") }

        // Registering an app transaction again is idempotent: its account must be revoked
        // whether the revocation was applied before the kill or is still parked.
        outcome.revocationsAcknowledged = state.revocations.count
        let unrevoked = await Self.each(Array(state.revocations)) { appTransactionId in
            let account =
                state.registrations.first { $0.value == appTransactionId }?.key
                ?? Self.account(for: appTransactionId)
            let answer = try? await register(server, ca, accountId: account, appTransactionId: appTransactionId)
            return answer?.json["state"] as? String == "consentRevoked"
        }
        outcome.revocationsApplied = state.revocations.count - unrevoked.count
        if !unrevoked.isEmpty {
            outcome.problems.append("revocation acknowledged, not applied: \(unrevoked.prefix(5))")
        }

        try await checkFeed(state, on: server, into: &outcome)
    }

    /// The feed pages through every event once, in order, and holds one `notificationStored`
    /// event per acknowledged notification.
    private func checkFeed(_ state: Acknowledged, on server: ServerProcess, into outcome: inout Outcome) async throws {
        let expected = try eventRows(server)
        var events: [[String: Any]] = []
        // Events committed just before the kill get their position from the restarted server.
        let deadline = ContinuousClock.now + .seconds(10)
        repeat {
            events = try await feed(server)
            if events.count >= expected { break }
            try await Task.sleep(for: .milliseconds(100))
        } while ContinuousClock.now < deadline
        outcome.events = events.count
        let cursors = events.compactMap { $0["cursor"] as? Int }
        if cursors.count != events.count || zip(cursors, cursors.dropFirst()).contains(where: { $0 >= $1 }) {
            outcome.problems.append("the feed's cursors are not strictly increasing")
        }
        if events.count != expected { outcome.problems.append("the feed has \(events.count) of \(expected) events") }
        let stored = events.filter { $0["kind"] as? String == "notificationStored" }
            .compactMap { $0["notificationUUID"] as? String }
        if Set(stored).count != stored.count { outcome.problems.append("a notification is in the feed twice") }
        let absent = state.notifications.subtracting(stored)
        if !absent.isEmpty { outcome.problems.append("acknowledged, not in the feed: \(absent.prefix(5))") }
    }

    /// Rows of the events table, read from the database itself.
    private func eventRows(_ server: ServerProcess) throws -> Int {
        switch store {
        case .sqlite:
            let text = try Tool.output(
                "python3",
                [
                    "-c",
                    "import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute('SELECT count(*) FROM events').fetchone()[0])",
                    server.databasePath,
                ])
            return Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
        case .postgres:
            guard let url = PostgresDatabase.url,
                let schema = server.process.arguments?.last?.components(separatedBy: "schema=").last
            else { return -1 }
            let text = try Tool.output("psql", [url, "-tAc", "SELECT count(*) FROM \(schema).events"])
            return Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
        }
    }

    /// Nil when `PRAGMA integrity_check` says ok, else what it says.
    func integrityProblem(_ path: String) -> String? {
        let text = try? Tool.output(
            "python3",
            [
                "-c",
                "import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute('PRAGMA integrity_check').fetchone()[0])",
                path,
            ])
        let answer = text?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "no answer"
        return answer == "ok" ? nil : "integrity_check: \(answer.prefix(200))"
    }

    /// The items for which `isRight` is false, asked 16 at a time.
    static func each(_ items: [String], _ isRight: @escaping @Sendable (String) async -> Bool) async -> [String] {
        await withTaskGroup(of: String?.self) { group in
            var wrong: [String] = []
            var next = items.makeIterator()
            for _ in 0..<16 { if let item = next.next() { group.addTask { await isRight(item) ? nil : item } } }
            while let result = await group.next() {
                if let result { wrong.append(result) }
                if let item = next.next() { group.addTask { await isRight(item) ? nil : item } }
            }
            return wrong
        }
    }
}

extension Tool {
    /// Runs a tool and returns its standard output.
    static func output(_ name: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [name] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readAllRetryingInterrupts()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
