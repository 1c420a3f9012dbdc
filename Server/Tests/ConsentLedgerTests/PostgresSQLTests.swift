import Testing

@testable import ConsentLedger

@Suite("PostgreSQL adapter: the ledger's SQL text adapted once")
struct PostgresSQLTests {
    @Test(
        "question-mark placeholders become numbered ones, outside quotes only",
        arguments: [
            ("SELECT 1", "SELECT 1"),
            ("SELECT a FROM t WHERE b = ? AND c > ?", "SELECT a FROM t WHERE b = $1 AND c > $2"),
            ("INSERT INTO t VALUES (?, '?', \"a?\", ?)", "INSERT INTO t VALUES ($1, '?', \"a?\", $2)"),
            ("UPDATE t SET a = 'it''s?' WHERE b = ?", "UPDATE t SET a = 'it''s?' WHERE b = $1"),
        ])
    func placeholders(sql: String, expected: String) {
        #expect(PostgresConnection.numberedPlaceholders(sql) == expected)
    }

    @Test(
        "data statements are prepared and cached; transaction control and schema changes are not",
        arguments: [
            ("SELECT 1", true), ("  insert into t values (?)", true), ("UPDATE t SET a = 1", true),
            ("WITH x AS (SELECT 1) SELECT * FROM x", true), ("BEGIN", false), ("COMMIT", false),
            ("CREATE TABLE t (a BIGINT)", false), ("CREATE INDEX i ON t (a)", false),
        ])
    func preparable(sql: String, expected: Bool) {
        #expect(PostgresConnection.isPreparable(sql) == expected)
    }

    @Test("typed results: BIGINT and INTEGER read as integers, NULL as null, text as text")
    func typedResults() throws {
        let connection = try PostgresTestServer.admin()
        let row = try #require(
            try connection.execute(
                "SELECT ?::BIGINT, ?::INTEGER, NULL::TEXT, ?::TEXT, TRUE, 9007199254740993::BIGINT",
                .integer(Int64.max), .integer(-7), .text("héllo ☃")
            ).first)
        #expect(
            row.values == [
                .integer(Int64.max), .integer(-7), .null, .text("héllo ☃"), .integer(1),
                .integer(9_007_199_254_740_993),
            ])
    }

    @Test("a transaction PostgreSQL aborted is reported as failed, never as committed")
    func abortedTransactionFails() throws {
        let store = try PostgresTestServer.store(on: PostgresTestServer.temporarySchema(), poolSize: 1)
        defer { store.close() }
        // A statement of its own failed: rejected, not a store outage.
        #expect(throws: LedgerError(.rejected, "")) {
            try store.writeAndWait { connection in
                _ = try? connection.execute("SELECT * FROM no_such_table")
                return true
            }
        }
        // The connection is clean again afterwards.
        #expect(try store.writeAndWait { connection in try connection.execute("SELECT 1").first?[0].integer } == 1)
    }

    @Test("queued statements run in order with the next one that returns rows, in one round trip")
    func pipelinedStatements() throws {
        let connection = try PostgresTestServer.admin()
        try connection.executeLater("BEGIN", [])
        try connection.executeLater("CREATE TEMPORARY TABLE pipelined (a BIGINT) ON COMMIT DROP", [])
        for value in 1...3 {
            try connection.executeLater("INSERT INTO pipelined VALUES (?)", .integer(Int64(value)))
        }
        // Nothing waited for so far. The SELECT is new: its `Parse` travels with it too.
        #expect(connection.roundTrips == 0)
        let rows = try connection.execute("SELECT array_agg(a ORDER BY a)::TEXT, count(*) FROM pipelined")
        #expect(rows.first?.values == [.text("{1,2,3}"), .integer(3)])
        #expect(connection.roundTrips == 1)
        try connection.commit()
        #expect(connection.roundTrips == 2)
    }

    @Test("a queued statement that fails is reported by the next round trip, and the connection recovers")
    func pipelinedFailure() throws {
        let connection = try PostgresTestServer.admin()
        try connection.executeLater("BEGIN", [])
        try connection.executeLater("INSERT INTO no_such_table VALUES (?)", .integer(1))
        try connection.executeLater("SELECT ?::BIGINT", .integer(2))
        #expect(throws: LedgerError.self) { try connection.execute("SELECT 1") }
        #expect(connection.lastFailure == .statement)
        #expect(connection.isUsable)
        try connection.execute("ROLLBACK", [])
        // The statements whose `Parse` was skipped are prepared again when next used.
        #expect(try connection.execute("SELECT ?::BIGINT", .integer(2)).first?[0].integer == 2)
        #expect(try connection.execute("SELECT 1").first?[0].integer == 1)
        try connection.executeLater("INSERT INTO no_such_table VALUES (?)", .integer(1))
        #expect(throws: LedgerError.self) { try connection.commit() }
        #expect(try connection.execute("SELECT 5").first?[0].integer == 5)
    }

    @Test("recording a notification waits for one round trip (two with an app account token)")
    func roundTripsPerNotification() throws {
        let ledger = try StoreBackend.postgres.makeLedger()
        defer { ledger.close() }
        _ = try ledger.registerNow(accountId: "alice", appTransactionId: "AT1")
        _ = try ledger.registerNow(accountId: "bob", appTransactionId: "AT1")
        _ = try ledger.registerNow(accountId: "carol", appTransactionId: "AT3", token: "TOKEN-C")
        let notifications = [
            subscribed(uuid: "S1", appTransactionId: "AT1", original: "O1"),
            subscribed(uuid: "S2", appTransactionId: nil, original: "O2"),
            subscribed(uuid: "S3", appTransactionId: nil, token: "TOKEN-C", original: "O3"),
            rescind(uuid: "R1", appTransactionId: "AT1"),
            rescind(uuid: "R2", appTransactionId: "AT2"),
            rescind(uuid: "R2", appTransactionId: "AT2"),
        ]
        var outcomes: [RecordOutcome] = []
        for notification in notifications {
            let (outcome, trips) = try ledger.store.writeAndWait { connection in
                let postgres = try #require(connection as? PostgresConnection)
                let before = postgres.roundTrips
                let outcome = try LedgerWrites(connection, now: 1_000).record(notification)
                return (outcome, postgres.roundTrips - before)
            }
            // The accounts behind an app account token are read in a second round trip.
            #expect(trips == (notification.appAccountToken == nil ? 1 : 2), "\(notification.uuid)")
            outcomes.append(outcome)
        }
        #expect(
            outcomes == [
                .stored(revokedAccounts: [], parked: false), .stored(revokedAccounts: [], parked: false),
                .stored(revokedAccounts: [], parked: false), .stored(revokedAccounts: ["alice", "bob"], parked: false),
                .stored(revokedAccounts: [], parked: true), .duplicate,
            ])
        let alice = try #require(try ledger.account(bundleId: "com.example.app", accountId: "alice"))
        #expect(alice.originalTransactionIds == ["O1"])
        #expect(alice.state == .consentRevoked && !alice.pushAllowed && alice.needsReconciliation)
        #expect(try ledger.account(bundleId: "com.example.app", accountId: "carol")?.originalTransactionIds == ["O3"])
        let events = try ledger.events(bundleId: "com.example.app", after: 0, limit: 100).filter {
            $0.notificationUUID != nil
        }
        #expect(
            events.map { "\($0.kind.rawValue) \($0.notificationUUID ?? "") \($0.accountId ?? "-")" } == [
                "notificationStored S1 -", "notificationStored S2 -", "notificationStored S3 -",
                "notificationStored R1 -", "consentRevoked R1 alice", "consentRevoked R1 bob",
                "notificationStored R2 -", "revocationParked R2 -",
            ])
    }
}
