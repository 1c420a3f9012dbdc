import AppStoreSignedData
import Foundation
import TestSupport
import Testing

/// The ledger's time and scope rules, through the real binary: a revocation stands for every
/// account linked to its app transaction, and a restore supersedes older revocations.
@Suite("Revocations: time and scope end to end")
struct RevocationScopeEndToEndTests {
    func start() throws -> (ServerProcess, LocalCertificateAuthority) {
        let directory = TestScratch.root.appendingPathComponent("agekit-e2e-scope-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let server = try ServerProcess(dataDirectory: directory)
        let ca = try LocalCertificateAuthority.load(directory: directory.appendingPathComponent("ca").path)
        return (server, ca)
    }

    func rescind(
        _ appTransactionId: String, signedAt date: Date = Date(), _ ca: LocalCertificateAuthority
    ) throws
        -> String
    {
        try SimulatedPayloads.notification(
            type: "RESCIND_CONSENT", subtype: nil, bundleId: "com.example.agekit", environment: .localTesting,
            appTransactionId: appTransactionId, signedDate: date, ca: ca)
    }

    @Test("a new account on a revoked install starts frozen")
    func newAccountFrozen() async throws {
        let (server, ca) = try start()
        defer { server.terminate() }
        _ = try await register(server, ca, accountId: "alice", appTransactionId: "AT-SCOPE")
        #expect(try await server.post(signedPayload: rescind("AT-SCOPE", ca)).status == 200)
        let newcomer = try await register(server, ca, accountId: "mallory", appTransactionId: "AT-SCOPE")
        #expect(newcomer.status == 200)
        #expect(newcomer.json["state"] as? String == "consentRevoked")
        #expect(newcomer.json["pushAllowed"] as? Bool == false)
    }

    @Test("a revocation signed before the latest restore arrives late: recorded as superseded, nothing changed")
    func lateRevocationSuperseded() async throws {
        let (server, ca) = try start()
        defer { server.terminate() }
        _ = try await register(server, ca, accountId: "erin", appTransactionId: "AT-LATE")
        let signedBeforeRestore = Date().addingTimeInterval(-60)
        #expect(try await server.post(signedPayload: rescind("AT-LATE", signedAt: Date(), ca)).status == 200)
        let restore = try await server.request(
            "POST", "/v1/apps/com.example.agekit/accounts/erin/restore",
            body: Data(#"{"actor":"support","reason":"guardian re-consented"}"#.utf8), admin: true)
        #expect(restore.status == 200)
        #expect(
            try await server.post(signedPayload: rescind("AT-LATE", signedAt: signedBeforeRestore, ca)).status == 200)
        let account = try await server.request("GET", "/v1/apps/com.example.agekit/accounts/erin", admin: true)
        #expect(account.json["state"] as? String == "active")
        let kinds = try await feed(server).compactMap { $0["kind"] as? String }
        #expect(kinds.last == "revocationSuperseded")
        #expect(kinds.filter { $0 == "consentRevoked" }.count == 1)
    }
}
