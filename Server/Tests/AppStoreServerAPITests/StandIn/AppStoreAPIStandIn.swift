import AppStoreServerAPI
import ConsentServer
import Foundation
import Synchronization

/// A local stand-in of the App Store Server API on 127.0.0.1 (a free port), for tests only.
///
/// It checks every JWT as Apple does (ES256 signature against the key's public half, `kid`,
/// `iss`, `bid`, `aud`, lifetime at most 60 minutes, not expired) and answers 401 otherwise;
/// it serves notification history 20 per page with pagination tokens bound to the request
/// body, test notifications, and app transaction info (see `AppStoreAPIStandIn+AppTransactions`).
/// Faults are injected per test.
final class AppStoreAPIStandIn: Sendable {
    /// What the stand-in expects of the caller's token.
    struct Account: Sendable {
        var keyId: String
        var issuerId: String
        var bundleId: String
        var publicKey: APIPublicKey
    }

    /// Misbehaviour to inject; counters go down as the faults are served.
    struct Faults: Sendable {
        /// Answer this many requests with 429 and `Retry-After` (UNIX ms, as Apple sends it).
        var rateLimited = 0
        var retryAfterSeconds = 0.05
        /// Answer this many requests with 500.
        var serverErrors = 0
        /// Every pagination token is reported expired (Apple 4000017), this many times.
        var expiredTokens = 0
        /// History page (1-based) served as broken JSON.
        var malformedPage: Int?
    }

    struct Entry: Sendable {
        var signedPayload: String
        var date: Date
    }

    struct State: Sendable {
        var entries: [Entry] = []
        var faults = Faults()
        /// Pagination token -> (offset, request body it belongs to).
        var tokens: [String: (offset: Int, body: Data)] = [:]
        /// Test notification token -> status JSON.
        var testNotifications: [String: Data] = [:]
        var requests: [String] = []
        var pagesServed = 0
        /// Transaction id -> the signed app transaction of its customer.
        var appTransactions: [String: String] = [:]
        /// Transaction ids Apple knows whose customer has no app transaction (4040019).
        var withoutAppTransaction: Set<String> = []
    }

    let account: Account
    let state = Mutex(State())
    /// Signs the TEST notification; its result is recorded as the send attempt.
    let testNotification: @Sendable () async -> (signedPayload: String, delivered: Bool)
    private let server: HTTPServer
    private let responder: StandInResponder

    init(
        account: Account, entries: [Entry] = [],
        testNotification: @escaping @Sendable () async -> (signedPayload: String, delivered: Bool) = { ("", false) }
    ) throws {
        self.account = account
        self.testNotification = testNotification
        state.withLock { $0.entries = entries }
        responder = StandInResponder()
        server = HTTPServer(
            configuration: HTTPServerConfiguration(host: "127.0.0.1", port: 0, threads: 1, maxBodyBytes: 64 * 1024),
            responder: responder)
        responder.standIn.withLock { $0 = self }
        try server.start()
    }

    var baseURL: URL { URL(string: "http://127.0.0.1:\(server.port)")! }

    func inject(_ change: (inout Faults) -> Void) { state.withLock { change(&$0.faults) } }

    var requests: [String] { state.withLock { $0.requests } }

    func stop() {
        server.stop(drainTimeoutSeconds: 2)
        responder.standIn.withLock { $0 = nil }
    }

    // MARK: - Requests

    func respond(to request: HTTPRequest, reply: @escaping @Sendable (HTTPResponse) -> Void) {
        state.withLock { $0.requests.append("\(request.method) \(request.path)") }
        if let refusal = checkToken(request.headers["authorization"]) {
            return reply(HTTPResponse(status: 401, body: Array(refusal.utf8)))
        }
        if let fault = takeFault() { return reply(fault) }
        switch (request.method, request.path) {
        case ("POST", "/inApps/v1/notifications/history"):
            reply(history(request))
        case ("POST", "/inApps/v1/notifications/test"):
            Task {
                let (payload, delivered) = await testNotification()
                reply(registerTestNotification(payload, delivered: delivered))
            }
        case ("GET", _) where request.path.hasPrefix("/inApps/v1/notifications/test/"):
            let token = String(request.path.dropFirst("/inApps/v1/notifications/test/".count))
            guard let status = state.withLock({ $0.testNotifications[token] }) else {
                return reply(Self.appleError(404, 4_040_008, "Test notification not found."))
            }
            reply(Self.json(200, status))
        case ("GET", _) where request.path.hasPrefix(Self.appTransactionsPath):
            reply(appTransactionInfo(String(request.path.dropFirst(Self.appTransactionsPath.count))))
        default:
            reply(Self.appleError(404, 4_040_000, "Not found."))
        }
    }

    /// Nil when the bearer token is one Apple would accept; else why not.
    func checkToken(_ authorization: String?, now: Date = Date()) -> String? {
        guard let authorization, authorization.hasPrefix("Bearer ") else { return "no bearer token" }
        guard let token = AuthenticationToken.decode(String(authorization.dropFirst("Bearer ".count))) else {
            return "not a compact JWT"
        }
        let (header, claims) = (token.header, token.claims)
        guard header.alg == "ES256", header.typ == "JWT" else { return "alg/typ" }
        guard header.kid == account.keyId else { return "unknown kid" }
        guard account.publicKey.verifyES256(signature: token.signature, message: Array(token.signingInput.utf8)) else {
            return "bad signature"
        }
        guard claims.aud == "appstoreconnect-v1" else { return "aud" }
        guard claims.iss == account.issuerId else { return "iss" }
        guard claims.bid == account.bundleId else { return "bid" }
        let seconds = Int64(now.timeIntervalSince1970)
        guard claims.exp > claims.iat, claims.exp - claims.iat <= 3600 else { return "lifetime over 60 minutes" }
        guard claims.exp > seconds else { return "expired" }
        guard claims.iat <= seconds + 60 else { return "issued in the future" }
        return nil
    }

    private func takeFault() -> HTTPResponse? {
        state.withLock { state in
            if state.faults.rateLimited > 0 {
                state.faults.rateLimited -= 1
                let until = Int64((Date().timeIntervalSince1970 + state.faults.retryAfterSeconds) * 1000)
                var response = Self.appleError(429, 4_290_000, "Rate limit exceeded.")
                response.headers.append((name: "Retry-After", value: String(until)))
                return response
            }
            if state.faults.serverErrors > 0 {
                state.faults.serverErrors -= 1
                return Self.appleError(500, 5_000_000, "An unknown error occurred.")
            }
            return nil
        }
    }

    private func history(_ request: HTTPRequest) -> HTTPResponse {
        let body = Data(request.body)
        guard let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any],
            let start = (object["startDate"] as? NSNumber)?.doubleValue,
            let end = (object["endDate"] as? NSNumber)?.doubleValue
        else { return Self.appleError(400, 4_000_000, "Invalid request.") }
        guard end > start else {
            return Self.appleError(400, 4_000_013, "Invalid request. The start date is after the end date.")
        }
        return state.withLock { state in
            var offset = 0
            if let token = request.query["paginationToken"] {
                if state.faults.expiredTokens > 0 {
                    state.faults.expiredTokens -= 1
                    return Self.appleError(400, 4_000_017, "Invalid request. The pagination token is expired.")
                }
                guard let known = state.tokens[token], known.body == body else {
                    return Self.appleError(400, 4_000_014, "Invalid request. The pagination token is invalid.")
                }
                offset = known.offset
            }
            state.pagesServed += 1
            if state.faults.malformedPage == state.pagesServed {
                return HTTPResponse(status: 200, body: Array(#"{"notificationHistory": [{"signedPayload": 7"#.utf8))
            }
            let matching = state.entries.filter { entry in
                let ms = entry.date.timeIntervalSince1970 * 1000
                return ms >= start && ms <= end
            }
            let page = Array(matching.dropFirst(offset).prefix(20))
            let hasMore = offset + page.count < matching.count
            var answer: [String: Any] = [
                "notificationHistory": page.map { entry in
                    [
                        "signedPayload": entry.signedPayload,
                        "sendAttempts": [["attemptDate": Int64(ms(entry.date)), "sendAttemptResult": "TIMED_OUT"]],
                    ] as [String: Any]
                },
                "hasMore": hasMore,
            ]
            if hasMore {
                let token = UUID().uuidString
                state.tokens[token] = (offset + page.count, body)
                answer["paginationToken"] = token
            }
            return Self.json(200, try! JSONSerialization.data(withJSONObject: answer))
        }
    }

    private func registerTestNotification(_ payload: String, delivered: Bool) -> HTTPResponse {
        let token = UUID().uuidString + "_" + String(Int64(Date().timeIntervalSince1970 * 1000))
        let status: [String: Any] = [
            "signedPayload": payload,
            "sendAttempts": [
                ["attemptDate": Int64(ms(Date())), "sendAttemptResult": delivered ? "SUCCESS" : "NO_RESPONSE"]
            ],
        ]
        let data = try! JSONSerialization.data(withJSONObject: status)
        state.withLock { $0.testNotifications[token] = data }
        return Self.json(200, try! JSONSerialization.data(withJSONObject: ["testNotificationToken": token]))
    }

    private func ms(_ date: Date) -> Double { (date.timeIntervalSince1970 * 1000).rounded(.down) }

    static func json(_ status: Int, _ data: Data) -> HTTPResponse {
        HTTPResponse(status: status, headers: [(name: "Content-Type", value: "application/json")], body: [UInt8](data))
    }

    static func appleError(_ status: Int, _ code: Int64, _ message: String) -> HTTPResponse {
        json(status, Data(#"{"errorCode":\#(code),"errorMessage":"\#(message)"}"#.utf8))
    }
}

/// The transport's responder; ``AppStoreAPIStandIn/stop()`` clears its reference, which
/// breaks the stand-in -> server -> responder -> stand-in cycle.
final class StandInResponder: HTTPResponder {
    let standIn = Mutex<AppStoreAPIStandIn?>(nil)

    func respond(to request: HTTPRequest, reply: @escaping @Sendable (HTTPResponse) -> Void) {
        guard let standIn = standIn.withLock({ $0 }) else { return reply(HTTPResponse(status: 503)) }
        standIn.respond(to: request, reply: reply)
    }
}
