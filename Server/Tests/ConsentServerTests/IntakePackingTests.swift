import AppStoreSignedData
import ConsentLedger
import ConsentServer
import Foundation
import Testing

@Suite("Intake: a verified notification is stored packed, from the verifier's parts")
struct IntakePackingTests {
    @Test("the ledger gets the parts the verifier split: the header stored once, the payload read back exactly")
    func storedPacked() async throws {
        let ca = try LocalCertificateAuthority.generate(
            notBefore: Date().addingTimeInterval(-3_600), notAfter: Date().addingTimeInterval(86_400))
        let ledger = try Ledger(store: SQLiteStore(path: ":memory:"))
        defer { ledger.close() }
        let intake = NotificationIntake(
            verifier: SignedDataVerifier(anchors: [ca.rootAnchor]),
            apps: [AppConfiguration(bundleId: "com.example.app", environments: ["Sandbox"])], ledger: ledger)
        var stored: [(uuid: String, jws: String)] = []
        for (index, type) in ["SUBSCRIBED", "TEST"].enumerated() {
            let jws = try SimulatedPayloads.notification(
                type: type, subtype: nil, bundleId: "com.example.app", environment: .sandbox,
                appTransactionId: "AT\(index)", ca: ca)
            guard case .stored(let uuid, _) = await intake.accept(jws) else {
                Issue.record("\(type) was not stored")
                return
            }
            stored.append((uuid, jws))
        }
        for (uuid, jws) in stored {
            #expect(try ledger.notification(uuid: uuid)?.signedPayload == jws)
        }
        let headers = try ledger.store.read { connection in try connection.execute("SELECT header FROM signing_headers")
        }
        #expect(headers.count == 1)
        let header = try #require(headers.first?[0].text)
        let rows = try ledger.store.read { connection in
            try connection.execute("SELECT signed_payload, header_digest FROM notifications")
        }
        #expect(rows.count == 2)
        for row in rows {
            let digest = SHA256Digest.hash(Array(header.utf8)).map { String(format: "%02x", $0) }.joined()
            #expect(row[1].text == digest)
            #expect(row[0].text.map { !$0.isEmpty && !$0.contains(header) } == true)
        }
    }
}
