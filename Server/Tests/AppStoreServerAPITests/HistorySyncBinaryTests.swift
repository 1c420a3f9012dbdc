import AppStoreServerAPI
import AppStoreSignedData
import ConsentLedger
import ConsentServer
import Foundation
import TestSupport
import Testing

/// The real `agekit history sync` binary against the stand-in, with a store in a temporary
/// data directory whose local test CA signed the stand-in's payloads.
@Suite struct HistorySyncBinaryTests {
    @Test func syncTwiceThenAnAuthenticationFailure() throws {
        let dataDirectory = TestScratch.root.appendingPathComponent("agekit-history-\(UUID())")
        defer { try? FileManager.default.removeItem(at: dataDirectory) }
        let ca = try LocalCertificateAuthority.loadOrCreate(directory: dataDirectory.appendingPathComponent("ca").path)
        let fixture = try StandInFixture(count: 45, ca: ca)
        defer { fixture.standIn.stop() }
        let keyFile = try TemporaryKeyFile(fixture.key)
        defer { keyFile.remove() }
        let since = ISO8601DateFormatter().string(from: Date().addingTimeInterval(-86_400))
        func arguments(keyId: String = StandInFixture.keyId) -> [String] {
            [
                "history", "sync", "--app", StandInFixture.bundleId, "--environment", "sandbox", "--since", since,
                "--data-dir", dataDirectory.path, "--key-id", keyId, "--issuer-id", StandInFixture.issuerId,
                "--private-key", keyFile.path, "--base-url", fixture.standIn.baseURL.absoluteString,
            ]
        }

        // The stand-in plays Apple: its root is configured as Apple's, trusted for Sandbox.
        let appleRoot = ["AGEKIT_APPLE_ROOTS": dataDirectory.appendingPathComponent("ca/root.pem").path]
        let first = try AgekitBinary.run(arguments(), environment: appleRoot)
        #expect(first.status == 0, "\(first.err)")
        #expect(first.out.contains("45 new, 0 duplicate, 0 rejected (3 pages)"), "\(first.out)")
        #expect(first.err.split(separator: "\n").filter { $0.hasPrefix("page ") }.count == 3, "\(first.err)")

        let second = try AgekitBinary.run(arguments() + ["--json"], environment: appleRoot)
        #expect(second.status == 0, "\(second.err)")
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(second.out.utf8)) as? [String: Any], "\(second.out)")
        #expect(json["new"] as? Int == 0)
        #expect(json["duplicate"] as? Int == 45)
        #expect(json["rejected"] as? Int == 0)
        #expect(json["error"] is NSNull, "no error is written as null: \(second.out)")

        let refused = try AgekitBinary.run(arguments(keyId: "OTHERKEY00"))
        #expect(refused.status == 1)
        #expect(refused.err.contains("unauthorized:"), "\(refused.err)")

        let tooOld = try AgekitBinary.run(
            arguments().map { $0 == since ? "2020-01-01" : $0 })
        #expect(tooOld.status == 1)
        #expect(tooOld.err.contains("start_date_too_far_in_past:"), "\(tooOld.err)")
    }

    @Test func testNotificationIsDeliveredAndFoundInTheLedger() throws {
        let dataDirectory = TestScratch.root.appendingPathComponent("agekit-test-\(UUID())")
        defer { try? FileManager.default.removeItem(at: dataDirectory) }
        let ca = try LocalCertificateAuthority.loadOrCreate(directory: dataDirectory.appendingPathComponent("ca").path)
        let storePath = dataDirectory.appendingPathComponent("agekit.sqlite").path
        // The receiver behind the app's notification URL: an intake on the same SQLite file.
        let ledger = try Ledger(store: SQLiteStore(path: storePath))
        defer { ledger.close() }
        let intake = NotificationIntake(
            verifier: SignedDataVerifier(anchors: [ca.rootAnchor]),
            apps: [AppConfiguration(bundleId: StandInFixture.bundleId, environments: ["Sandbox"])], ledger: ledger)
        let fixture = try StandInFixture(count: 0, ca: ca) { payload in
            if case .stored = await intake.accept(payload) { return true }
            return false
        }
        defer { fixture.standIn.stop() }
        let keyFile = try TemporaryKeyFile(fixture.key)
        defer { keyFile.remove() }
        let credentials = [
            "--app", StandInFixture.bundleId, "--environment", "Sandbox", "--key-id", StandInFixture.keyId,
            "--issuer-id", StandInFixture.issuerId, "--private-key", keyFile.path, "--base-url",
            fixture.standIn.baseURL.absoluteString, "--timeout", "10", "--interval", "0.1",
        ]
        let checked = try AgekitBinary.run(
            ["test-notification", "--data-dir", dataDirectory.path] + credentials,
            environment: ["AGEKIT_APPLE_ROOTS": dataDirectory.appendingPathComponent("ca/root.pem").path])
        #expect(checked.status == 0, "\(checked.err)")
        #expect(checked.out.contains("TEST notification delivered (attempts: SUCCESS)"), "\(checked.out)")
        #expect(checked.out.contains("is in the ledger"), "\(checked.out)")

        let unchecked = try AgekitBinary.run(["test-notification"] + credentials)
        #expect(unchecked.status == 0, "\(unchecked.err)")
        #expect(!unchecked.out.contains("ledger"), "\(unchecked.out)")
    }
}
