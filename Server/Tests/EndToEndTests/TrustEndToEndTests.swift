import AppStoreSignedData
import Foundation
import TestSupport
import Testing

/// Trust bound to environment and time on the real binary: the local test CA signs only
/// local tests, and a live delivery must be fresh and signed by a chain valid on receipt.
@Suite("trust bound to environment and time end to end", .serialized)
struct TrustEndToEndTests {
    static let bundleId = "com.example.agekit"
    static let day: TimeInterval = 86_400

    /// A server whose local CA is `ca`, serving an app that accepts every environment.
    func server(with ca: LocalCertificateAuthority) throws -> ServerProcess {
        let directory = TestScratch.root.appendingPathComponent("agekit-e2e-trust-\(UUID().uuidString)")
        try ca.write(to: directory.appendingPathComponent("ca").path)
        let configuration = directory.appendingPathComponent("agekit.json")
        try Data(
            #"""
            {"localTesting": true, "apps": [{"bundleId": "\#(Self.bundleId)", "appAppleId": 1,
              "environments": ["Production", "Sandbox", "Xcode", "LocalTesting"]}]}
            """#.utf8
        ).write(to: configuration)
        return try ServerProcess(dataDirectory: directory, extraArguments: ["--config", configuration.path])
    }

    func rescind(_ ca: LocalCertificateAuthority, _ environment: Environment, signed: Date = Date()) throws -> String {
        try SimulatedPayloads.notification(
            type: "RESCIND_CONSENT", subtype: nil, bundleId: Self.bundleId, environment: environment,
            appTransactionId: "AT-T", signedDate: signed, ca: ca)
    }

    static let environments: [(Environment, Int, String?)] = [
        (.production, 401, "untrusted_for_environment"),
        (.sandbox, 401, "untrusted_for_environment"),
        (.xcode, 200, nil),
        (.localTesting, 200, nil),
    ]

    @Test("a chain ending at the local test CA is trusted for LocalTesting and Xcode payloads only")
    func localCAIsTrustedForLocalEnvironmentsOnly() async throws {
        let ca = try LocalCertificateAuthority.generate(
            notBefore: Date().addingTimeInterval(-Self.day), notAfter: Date().addingTimeInterval(Self.day))
        let server = try server(with: ca)
        defer { server.terminate() }
        for (environment, status, code) in Self.environments {
            let response = try await server.post(signedPayload: try rescind(ca, environment))
            #expect(response.status == status, "\(environment.rawValue)")
            #expect(response.errorCode == code, "\(environment.rawValue)")
        }
    }

    @Test("a leaf expired a day ago is refused even when the payload's signedDate is backdated into its validity")
    func backdatedPayloadOfAnExpiredLeafIsRefused() async throws {
        let ca = try LocalCertificateAuthority.generate(
            notBefore: Date().addingTimeInterval(-30 * Self.day), notAfter: Date().addingTimeInterval(-23 * 3600))
        let server = try server(with: ca)
        defer { server.terminate() }
        let response = try await server.post(
            signedPayload: try rescind(ca, .localTesting, signed: Date().addingTimeInterval(-Self.day)))
        #expect(response.status == 401)
        #expect(response.errorCode == "certificate_not_valid_at_time")
    }

    static let signingTimes: [(String, TimeInterval, Int, String?)] = [
        ("eleven days ago", -11 * day, 403, "signed_date_too_old"),
        ("an hour ahead", 3600, 403, "signed_date_in_future"),
        ("nine days ago (within Apple's retries)", -9 * day, 200, nil),
        ("a minute ahead (clock skew)", 60, 200, nil),
    ]

    @Test("a live delivery's signedDate must lie within ten days before and five minutes after its receipt")
    func liveDeliveriesMustBeFresh() async throws {
        let ca = try LocalCertificateAuthority.generate(
            notBefore: Date().addingTimeInterval(-30 * Self.day), notAfter: Date().addingTimeInterval(30 * Self.day))
        let server = try server(with: ca)
        defer { server.terminate() }
        for (name, offset, status, code) in Self.signingTimes {
            let response = try await server.post(
                signedPayload: try rescind(ca, .localTesting, signed: Date().addingTimeInterval(offset)))
            #expect(response.status == status, "\(name)")
            #expect(response.errorCode == code, "\(name)")
        }
        let events = try await server.request("GET", "/v1/apps/\(Self.bundleId)/events", admin: true).json
        let stored = (events["events"] as? [[String: Any]] ?? []).filter {
            $0["kind"] as? String == "notificationStored"
        }
        #expect(stored.count == 2, "only the two fresh deliveries are stored")
    }
}
