import AppStoreSignedData
import Foundation
import TestSupport
import Testing

/// A withdrawal of consent that names no app transaction cannot freeze an account, but it
/// must not disappear: it is stored, counted and put in the event feed for a person to see.
@Suite("unattributable revocations end to end", .serialized)
struct UnattributableRevocationEndToEndTests {
    static let bundleId = "com.example.agekit"

    @Test("RESCIND_CONSENT without signedAppTransactionInfo is stored, counted and in the feed as unattributable")
    func unattributableRevocationIsKept() async throws {
        let server = try ServerProcess()
        defer { server.terminate() }
        let ca = try LocalCertificateAuthority.load(directory: server.dataDirectory.appendingPathComponent("ca").path)
        let uuid = UUID().uuidString.lowercased()
        var notification = VerifiedNotification(
            notificationType: .rescindConsent, subtype: nil, notificationUUID: uuid,
            signedDate: Int64(Date().timeIntervalSince1970 * 1000))
        notification.appData = NotificationAppData(bundleId: Self.bundleId, environment: .localTesting)
        let jws = try ca.sign(notification)

        let response = try await server.post(signedPayload: jws)
        #expect(response.status == 200)
        #expect(response.json["status"] as? String == "stored")
        #expect(try await server.post(signedPayload: jws).json["status"] as? String == "duplicate")

        let page = try await server.request("GET", "/v1/apps/\(Self.bundleId)/events", admin: true).json
        let events = page["events"] as? [[String: Any]] ?? []
        let flagged = events.filter { $0["kind"] as? String == "revocationUnattributable" }
        #expect(flagged.count == 1)
        #expect(flagged.first?["notificationUUID"] as? String == uuid)
        #expect(try await server.request("GET", "/v1/notifications/\(uuid)", admin: true).status == 200)

        let metrics = String(decoding: try await server.request("GET", "/metrics").body, as: UTF8.self)
        #expect(metrics.contains(#"agekit_unattributable_revocations_total{bundle_id="\#(Self.bundleId)"} 1"#))
    }
}
