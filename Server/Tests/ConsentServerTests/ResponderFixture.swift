import AppStoreSignedData
import ConsentLedger
import ConsentServer
import Foundation

/// A responder wired to a fresh in-memory ledger and a test CA, called in-process.
struct ResponderFixture {
    static let bundleId = "com.example.agekit"
    static let token = "test-admin-token"
    let ca: LocalCertificateAuthority
    let ledger: Ledger
    let verifier: SignedDataVerifier
    let responder: ConsentResponder

    /// `newChainsPerSecond`: the verifier's budget for never-seen chains (0: none).
    init(
        apps: [AppConfiguration] = [AppConfiguration(bundleId: bundleId, environments: ["LocalTesting"])],
        newChainsPerSecond: Int = 0
    ) throws {
        ca = try LocalCertificateAuthority.generate(
            notBefore: Date().addingTimeInterval(-86_400), notAfter: Date().addingTimeInterval(86_400))
        ledger = try Ledger(store: SQLiteStore(path: ":memory:"))
        verifier = SignedDataVerifier(anchors: [ca.rootAnchor], newChainsPerSecond: newChainsPerSecond)
        responder = ConsentResponder(verifier: verifier, apps: apps, ledger: ledger, adminToken: Self.token)
    }

    func send(
        _ method: String, _ path: String, body: [UInt8] = [], token: String? = Self.token, query: [String: String] = [:]
    )
        -> HTTPResponse
    {
        var headers: [String: String] = [:]
        if let token { headers["authorization"] = "Bearer \(token)" }
        let request = HTTPRequest(method: method, path: path, query: query, headers: headers, body: body)
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var answer: HTTPResponse?
        responder.respond(to: request) { response in
            answer = response
            done.signal()
        }
        done.wait()
        return answer!
    }

    func postNotification(_ jws: String) -> HTTPResponse {
        send("POST", "/v2/notifications", body: Self.body(["signedPayload": jws]), token: nil)
    }

    func notification(
        _ type: String, appTransactionId: String = "AT-1", uuid: String = UUID().uuidString.lowercased(),
        bundleId: String = bundleId, environment: Environment = .localTesting, signer: LocalCertificateAuthority? = nil
    ) throws -> String {
        try SimulatedPayloads.notification(
            type: type, subtype: nil, bundleId: bundleId, environment: environment, appTransactionId: appTransactionId,
            notificationUUID: uuid, ca: signer ?? ca)
    }

    func register(accountId: String, appTransactionId: String) throws -> HTTPResponse {
        let signed = try SimulatedPayloads.appTransaction(
            appTransactionId: appTransactionId, bundleId: Self.bundleId, environment: .localTesting, ca: ca)
        return send(
            "POST", "/v1/apps/\(Self.bundleId)/app-transactions",
            body: Self.body(["accountId": accountId, "signedAppTransaction": signed]))
    }

    static func body(_ object: [String: String]) -> [UInt8] {
        [UInt8](try! JSONSerialization.data(withJSONObject: object))
    }
}

extension HTTPResponse {
    var json: [String: Any] { (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any] ?? [:] }
    var errorCode: String? { (json["error"] as? [String: Any])?["code"] as? String }
}
