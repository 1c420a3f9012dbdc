import AppStoreServerAPI
import AppStoreSignedData
import ConsentLedger
import ConsentServer
import Foundation
import TestSupport
import Testing

/// The real `agekit history attribute` against the stand-in, on a SQLite store in a
/// temporary data directory whose local test CA plays Apple's root (trusted for Sandbox).
@Suite(.serialized) struct AttributionBinaryTests {
    static let app = StandInFixture.bundleId
    static let parkedFor = "705000000000005"
    static let linkedTo = "705000000000006"

    @Test func linksAttributesRemembersMissesAndReportsA401() async throws {
        let setup = try await Setup()
        defer { setup.remove() }
        try Self.scenario(setup)
    }

    /// The same on PostgreSQL, in a schema of its own, when `AGEKIT_TEST_POSTGRES_URL` names a server.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["AGEKIT_TEST_POSTGRES_URL"] != nil))
    func onPostgreSQL() async throws {
        let base = try #require(ProcessInfo.processInfo.environment["AGEKIT_TEST_POSTGRES_URL"])
        let schema = "attribution_\(UUID().uuidString.prefix(8).lowercased())"
        let admin = try StoreURL.open(base, environment: [:])
        try admin.writeAndWait { connection in try connection.execute("CREATE SCHEMA \(schema)") }
        defer {
            _ = try? admin.writeAndWait { connection in try connection.execute("DROP SCHEMA \(schema) CASCADE") }
            admin.close()
        }
        let setup = try await Setup(store: base + (base.contains("?") ? "&" : "?") + "schema=\(schema)&pool_size=2")
        defer { setup.remove() }
        try Self.scenario(setup)
    }

    static func scenario(_ setup: Setup) throws {
        let standIn = setup.fixture.standIn

        // A refused key: reported with the credentials it used, nothing changed or remembered.
        let refused = try AgekitBinary.run(["history", "attribute", "--config", setup.config(keyId: "OTHERKEY00")])
        #expect(refused.status == 1)
        #expect(refused.err.contains("unauthorized:"), "\(refused.err)")
        #expect(refused.err.contains("key id OTHERKEY00"), "\(refused.err)")
        #expect(standIn.appTransactionLookups(of: "1000000001") == 1)
        try setup.expectUntouched()

        // A dry run looks up and verifies, and changes nothing either.
        let dry = try AgekitBinary.run(["history", "attribute", "--config", setup.config(), "--dry-run"])
        #expect(dry.status == 0, "\(dry.err)")
        #expect(dry.out.contains("1 linked, 1 attributed"), "\(dry.out)")
        #expect(dry.out.contains("(dry run: nothing changed)"), "\(dry.out)")
        try setup.expectUntouched()

        let run = try AgekitBinary.run(["history", "attribute", "--config", setup.config(), "--app", Self.app])
        #expect(run.status == 0, "\(run.err)")
        #expect(
            run.out.contains(
                "attribution \(Self.app): 3 lookups, 1 linked, 1 attributed, 2 frozen, 1 without app transaction, "
                    + "0 refused, 0 left"), "\(run.out)")
        #expect(
            run.err.contains(
                "account dora (transaction 1000000001): linked to app transaction \(Self.parkedFor), frozen"))
        #expect(run.err.contains("attributed to app transaction \(Self.linkedTo), froze erin"), "\(run.err)")
        #expect(run.err.contains("no app transaction (transaction_id_not_found), not asked again"), "\(run.err)")

        let ledger = try setup.openLedger()
        #expect(try ledger.account(bundleId: Self.app, accountId: "dora")?.state == .consentRevoked)
        #expect(try ledger.account(bundleId: Self.app, accountId: "dora")?.appTransactionIds == [Self.parkedFor])
        #expect(try ledger.account(bundleId: Self.app, accountId: "erin")?.state == .consentRevoked)
        #expect(try ledger.attributionMisses(bundleId: Self.app) == ["3000000404": "transaction_id_not_found"])
        let kinds = try ledger.events(bundleId: Self.app, after: 0, limit: 100).map(\.kind)
        #expect(kinds.contains(.revocationAttributed))
        ledger.close()

        // Nothing is left: the miss is not asked about again.
        let again = try AgekitBinary.run(["history", "attribute", "--config", setup.config(), "--json"])
        #expect(again.status == 0, "\(again.err)")
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(again.out.utf8)) as? [String: Any], "\(again.out)")
        let report = try #require((json["apps"] as? [[String: Any]])?.first)
        #expect(report["candidates"] as? Int == 0)
        #expect(report["lookups"] as? Int == 0)
        #expect(report["error"] is NSNull)
        #expect(standIn.appTransactionLookups(of: "3000000404") == 2)  // the dry run's and the run's
    }

    @Test func serveAttributesAtStartup() async throws {
        let setup = try await Setup()
        defer { setup.remove() }
        let process = Process()
        process.executableURL = AgekitBinary.url
        process.arguments = ["serve", "--config", try setup.config(serving: true)]
        let output = CapturedOutput()
        process.standardOutput = output.pipe(error: false)
        process.standardError = output.pipe(error: true)
        try process.run()
        defer { if process.isRunning { process.terminate() } }
        _ = await output.waitForError(containing: "agekit serve: attribution")
        #expect(
            output.out.contains("attribution \(Self.app): every 60 min, at most 5 lookups a second"), "\(output.out)")
        #expect(
            output.err.contains("attribution \(Self.app): 3 lookups, 1 linked, 1 attributed, 2 frozen"), "\(output.err)"
        )
        process.terminate()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(output.err)")
        let ledger = try setup.openLedger()
        defer { ledger.close() }
        #expect(try ledger.account(bundleId: Self.app, accountId: "dora")?.state == .consentRevoked)
        #expect(try ledger.account(bundleId: Self.app, accountId: "erin")?.state == .consentRevoked)
    }

    /// A data directory with a ledger holding: dora, known only by transaction 1000000001, whose
    /// app transaction has a parked revocation; erin, linked to an app transaction; a revocation
    /// naming no app transaction whose transaction 2000000002 is erin's; one whose transaction
    /// 3000000404 the App Store does not know.
    struct Setup {
        let directory = TestScratch.root.appendingPathComponent("agekit-attribute-\(UUID())")
        let fixture: StandInFixture
        let keyFile: TemporaryKeyFile
        let store: String

        init(store: String? = nil) async throws {
            self.store = store ?? "sqlite:" + directory.appendingPathComponent("agekit.sqlite").path
            let ca = try LocalCertificateAuthority.loadOrCreate(directory: directory.appendingPathComponent("ca").path)
            fixture = try StandInFixture(count: 0, ca: ca)
            keyFile = try TemporaryKeyFile(fixture.key)
            for (transactionId, appTransactionId) in [("1000000001", parkedFor), ("2000000002", linkedTo)] {
                fixture.standIn.serveAppTransaction(
                    try SimulatedPayloads.appTransaction(
                        appTransactionId: appTransactionId, bundleId: app, environment: .sandbox, ca: ca),
                    for: transactionId)
            }
            let ledger = try openLedger()
            defer { ledger.close() }
            try ledger.store.writeAndWait { connection in
                try connection.execute(
                    """
                    INSERT INTO accounts (bundle_id, account_id, state, state_since, state_cause, push_allowed,
                        needs_reconciliation, created_at) VALUES (?, 'dora', 'active', 0, 'registered', 1, 0, 0)
                    """, .text(app))
                try connection.execute(
                    "INSERT INTO account_transactions (bundle_id, account_id, original_transaction_id) VALUES (?, 'dora', '1000000001')",
                    .text(app))
            }
            let intake = NotificationIntake(
                verifier: SignedDataVerifier(anchors: [ca.rootAnchor]),
                apps: [AppConfiguration(bundleId: app, environments: ["Sandbox"])], ledger: ledger)
            let parked = try SimulatedPayloads.notification(
                type: "RESCIND_CONSENT", subtype: nil, bundleId: app, environment: .sandbox,
                appTransactionId: parkedFor,
                ca: ca)
            for payload in [
                parked, try Self.anonymousRescind("2000000002", ca), try Self.anonymousRescind("3000000404", ca),
            ] {
                guard case .stored = await intake.accept(payload) else { throw CocoaError(.coderInvalidValue) }
            }
            _ = try await ledger.registerAppTransaction(
                bundleId: app, accountId: "erin", appTransactionId: linkedTo, at: 1)
        }

        /// A RESCIND_CONSENT of the older kind: a transaction, no app transaction.
        static func anonymousRescind(_ transactionId: String, _ ca: LocalCertificateAuthority) throws -> String {
            let now = Int64(Date().timeIntervalSince1970 * 1000)
            var transaction = JWSTransaction()
            transaction.transactionId = transactionId
            transaction.originalTransactionId = transactionId
            transaction.bundleId = app
            transaction.environment = .sandbox
            transaction.signedDate = now
            let notification = VerifiedNotification(
                notificationType: .rescindConsent, notificationUUID: UUID().uuidString.lowercased(), signedDate: now,
                data: NotificationData(
                    bundleId: app, environment: .sandbox, signedTransactionInfo: try ca.sign(transaction)))
            return try ca.sign(notification)
        }

        func openLedger() throws -> Ledger { try Ledger(store: StoreURL.open(store, environment: [:])) }

        /// A configuration file for the binary: this directory, the CA as Apple's root, the stand-in's key.
        func config(keyId: String = StandInFixture.keyId, serving: Bool = false) throws -> String {
            var configuration: [String: Any] = [
                "dataDirectory": directory.path, "store": store,
                "appleRootCertificates": [directory.appendingPathComponent("ca/root.pem").path],
                "apps": [
                    [
                        "bundleId": app, "environments": ["Sandbox"],
                        "api": [
                            "keyId": keyId, "issuerId": StandInFixture.issuerId, "privateKey": keyFile.path,
                            "baseURL": fixture.standIn.baseURL.absoluteString,
                        ],
                    ]
                ],
            ]
            if serving {
                configuration["listen"] = "127.0.0.1:0"
                configuration["localTesting"] = true
            }
            let file = directory.appendingPathComponent("agekit-\(keyId)-\(serving).json")
            try JSONSerialization.data(withJSONObject: configuration).write(to: file)
            return file.path
        }

        func expectUntouched() throws {
            let ledger = try openLedger()
            defer { ledger.close() }
            #expect(try ledger.account(bundleId: app, accountId: "dora")?.state == .active)
            #expect(try ledger.account(bundleId: app, accountId: "dora")?.appTransactionIds == [])
            #expect(try ledger.account(bundleId: app, accountId: "erin")?.state == .active)
            #expect(try ledger.attributionMisses(bundleId: app).isEmpty)
        }

        func remove() {
            fixture.standIn.stop()
            keyFile.remove()
            try? FileManager.default.removeItem(at: directory)
        }
    }
}
