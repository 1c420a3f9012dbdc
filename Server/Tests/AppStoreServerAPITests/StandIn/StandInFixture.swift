import AppStoreServerAPI
import AppStoreSignedData
import ConsentLedger
import ConsentServer
import Foundation
import ServerTime
import Synchronization

/// A stand-in with `count` locally signed Sandbox notifications, an API key it trusts, and
/// a client and an intake (in-memory ledger) wired to it.
struct StandInFixture {
    static let bundleId = "com.example.agekit"
    static let keyId = "TESTKEY123"
    static let issuerId = "57246542-96fe-1a63-e053-0824d011072a"

    let key: APISigningKey
    let ca: LocalCertificateAuthority
    let standIn: AppStoreAPIStandIn
    let uuids: [String]

    /// - Parameter deliver: posts the TEST notification to a receiver; true when it was accepted.
    init(
        count: Int = 45, extra: [String] = [], ca: LocalCertificateAuthority? = nil,
        deliver: @escaping @Sendable (String) async -> Bool = { _ in true }
    ) throws {
        key = APISigningKey.generateP256()
        let ca = try ca ?? Self.makeCA()
        self.ca = ca
        let now = Date()
        var entries: [AppStoreAPIStandIn.Entry] = []
        var uuids: [String] = []
        for index in 0..<count {
            let uuid = UUID().uuidString.lowercased()
            uuids.append(uuid)
            let date = now.addingTimeInterval(Double(index - count) * 60)
            let type = index % 5 == 0 ? "RESCIND_CONSENT" : "DID_RENEW"
            let payload = try SimulatedPayloads.notification(
                type: type, subtype: nil, bundleId: Self.bundleId, environment: .sandbox,
                appTransactionId: "AT-\(index)", notificationUUID: uuid, signedDate: date, ca: ca)
            entries.append(.init(signedPayload: payload, date: date))
        }
        for (index, payload) in extra.enumerated() {
            entries.insert(.init(signedPayload: payload, date: now.addingTimeInterval(-30 - Double(index))), at: 10)
        }
        self.uuids = uuids
        let account = AppStoreAPIStandIn.Account(
            keyId: Self.keyId, issuerId: Self.issuerId, bundleId: Self.bundleId, publicKey: key.publicKey)
        let signer = ca
        standIn = try AppStoreAPIStandIn(account: account, entries: entries) {
            let payload = try! SimulatedPayloads.notification(
                type: "TEST", subtype: nil, bundleId: Self.bundleId, environment: .sandbox, appTransactionId: "",
                ca: signer)
            return (payload, await deliver(payload))
        }
    }

    static func makeCA() throws -> LocalCertificateAuthority {
        try LocalCertificateAuthority.generate(
            notBefore: Date().addingTimeInterval(-86_400), notAfter: Date().addingTimeInterval(86_400))
    }

    var credentials: APICredentials {
        APICredentials(keyId: Self.keyId, issuerId: Self.issuerId, bundleId: Self.bundleId, signingKey: key)
    }

    /// A client of the stand-in whose waits are recorded by `clock` instead of slept.
    func client(
        retryPolicy: RetryPolicy = RetryPolicy(maxAttempts: 4, baseDelay: 0.01, maxDelay: 0.05),
        credentials: APICredentials? = nil, clock: SleepRecordingClock = SleepRecordingClock()
    ) -> AppStoreServerAPIClient {
        AppStoreServerAPIClient(
            credentials: credentials ?? self.credentials, environment: .sandbox, baseURL: standIn.baseURL,
            transport: HTTPClientTransport(), retryPolicy: retryPolicy, timeout: 10, clock: clock)
    }

    /// An intake trusting this fixture's CA, over a fresh in-memory ledger.
    func intake() throws -> (NotificationIntake, Ledger) {
        let ledger = try Ledger(store: SQLiteStore(path: ":memory:"))
        let intake = NotificationIntake(
            verifier: SignedDataVerifier(anchors: [ca.rootAnchor]),
            apps: [AppConfiguration(bundleId: Self.bundleId, environments: ["Sandbox"])], ledger: ledger)
        return (intake, ledger)
    }

    var lastWeek: NotificationHistoryRequest {
        NotificationHistoryRequest(startDate: Date().addingTimeInterval(-7 * 86_400), endDate: Date())
    }
}

/// The real clock, except that sleeps are recorded and return at once: the stand-in dates its
/// tokens' checks and its `Retry-After` by the real time.
final class SleepRecordingClock: ServerClock {
    private let system = SystemClock()
    private let recorded = Mutex<[Double]>([])

    func now() -> Int64 { system.now() }
    func monotonic() -> Double { system.monotonic() }
    func sleep(seconds: Double) async { recorded.withLock { $0.append(seconds) } }

    /// The sleeps asked for, in order.
    var sleeps: [Double] { recorded.withLock { $0 } }
}
