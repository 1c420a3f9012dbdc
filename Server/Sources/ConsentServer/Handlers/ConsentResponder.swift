import AppStoreSignedData
import ConsentLedger
import Foundation
import ServerTime
import Synchronization

/// Every route of `agekit serve`, as a pure responder: the transport hands it requests,
/// tests call it in-process. It also writes the request log and the metrics.
package final class ConsentResponder: HTTPResponder {
    /// The path every signed notification takes; history sync feeds it too.
    package let intake: NotificationIntake
    private let notifications: NotificationHandler
    /// Notification bodies read for Apple's exact shape so far (tests: once per request).
    package var appleShapeChecks: Int { notifications.appleShapeChecks.count }
    private let admin: AdminHandler
    private let ledger: Ledger
    private let readiness: ReadinessProbe
    /// `/metrics` behind the admin token too.
    private let metricsRequireToken: Bool
    private let clock: any ServerClock
    package let metrics: Metrics
    private let log: RequestLog
    private let authentication = Mutex(AuthenticationLimit())
    /// The admin reads: every route answers through the reply, none on the caller's thread.
    private let reads = BlockingWork(label: "agekit-admin-reads")

    /// Serves the routes around `intake`, the server's one (history sync feeds the same one):
    /// its verifier, apps, ledger, clock and metrics are the responder's.
    package init(
        intake: NotificationIntake, adminToken: String, log: RequestLog = .discard,
        freshness: Freshness = Freshness(), metricsRequireToken: Bool = false, appleSources: AddressRanges = .none
    ) {
        let (verifier, ledger, clock, metrics) = (intake.verifier, intake.ledger, intake.clock, intake.metrics)
        self.metricsRequireToken = metricsRequireToken
        self.intake = intake
        self.notifications = NotificationHandler(intake: intake, freshness: freshness, appleSources: appleSources)
        self.admin = AdminHandler(
            token: adminToken, verifier: verifier, apps: intake.apps, ledger: ledger, clock: clock)
        self.ledger = ledger
        self.readiness = ReadinessProbe(ledger: ledger, clock: clock)
        self.clock = clock
        self.metrics = metrics
        self.log = log
        metrics.gauge("agekit_chain_cache_hits", help: "Verified x5c chains served from the cache.") {
            Double(verifier.cacheStatistics.hits)
        }
        metrics.gauge("agekit_chain_cache_misses", help: "x5c chains verified in full.") {
            Double(verifier.cacheStatistics.misses)
        }
        metrics.gauge("agekit_ready", help: "1 while /readyz answers 200 (the store commits), else 0.") {
            [readiness] in readiness.lastAnswer() ? 1 : 0
        }
    }

    /// A responder with an intake of its own, for tests that call it in-process.
    package convenience init(
        verifier: SignedDataVerifier, apps: [AppConfiguration], ledger: Ledger, adminToken: String,
        clock: any ServerClock = SystemClock(), metrics: Metrics = Metrics(), log: RequestLog = .discard,
        freshness: Freshness = Freshness(), metricsRequireToken: Bool = false, appleSources: AddressRanges = .none
    ) {
        self.init(
            intake: NotificationIntake(verifier: verifier, apps: apps, ledger: ledger, clock: clock, metrics: metrics),
            adminToken: adminToken, log: log, freshness: freshness, metricsRequireToken: metricsRequireToken,
            appleSources: appleSources)
    }

    package func respond(to request: HTTPRequest, reply: @escaping @Sendable (HTTPResponse) -> Void) {
        let started = clock.monotonic()
        let route = Route(request)
        let finish: @Sendable (Reply) -> Void = { [clock, metrics, log] answer in
            let seconds = clock.monotonic() - started
            metrics.increment(
                "agekit_http_requests_total", [("route", route.name), ("status", String(answer.response.status))])
            metrics.observe("agekit_http_request_duration_seconds", seconds: seconds)
            if route.isLogged { log.log(method: request.method, route: route.name, reply: answer, seconds: seconds) }
            reply(answer.response)
        }
        dispatch(route, request, finish)
    }

    package func refusal(ofBodyPrefix prefix: [UInt8], path: String) -> (code: String, message: String)? {
        guard path == "/v2/notifications", let refusal = NotificationBody.refusal(ofPrefix: prefix) else { return nil }
        return (refusal.code.rawValue, refusal.reason)
    }

    package func transportRefused(_ refused: RefusedRequest) {
        metrics.increment("agekit_transport_refusals_total", [("code", refused.code)])
        let route = refused.path.map { Route(HTTPRequest(method: refused.method ?? "", path: $0)).name } ?? "connection"
        log.log(refused, route: route)
    }

    /// Nil when the token is right, always: another client on the same address (every caller
    /// behind one proxy is one address) must never lock the operator out. A wrong or missing
    /// token: 429 for an address past its failed authentications, else 401. What stops a
    /// guess is the token's 128 bits or more, not the limit; the limit tells a failing client
    /// to back off and keeps it from filling the log.
    private func authenticationRefusal(_ request: HTTPRequest) -> Reply? {
        if admin.isAuthorized(request) { return nil }
        let now = clock.monotonic()
        if let seconds = authentication.withLock({ $0.retryAfter(request.clientAddress, now: now) }) {
            metrics.increment("agekit_admin_authentication_failures_total", [("outcome", "limited")])
            var refusal = Reply.refusal(
                ServerError(
                    .tooManyAuthenticationFailures,
                    "too many failed authentications from this address: try again in \(seconds) s"))
            refusal.response.headers.append(("Retry-After", String(seconds)))
            return refusal
        }
        authentication.withLock { $0.failed(request.clientAddress, now: now) }
        metrics.increment("agekit_admin_authentication_failures_total", [("outcome", "unauthorized")])
        var refusal = Reply.refusal(
            ServerError(.unauthorized, "send the admin token as 'Authorization: Bearer <token>'"))
        refusal.response.headers.append(("WWW-Authenticate", "Bearer"))
        return refusal
    }

    /// Encoded once: load balancers poll it constantly.
    private static let healthy = Reply.json(200, ["status": "ok"])

    private func dispatch(_ route: Route, _ request: HTTPRequest, _ reply: @escaping @Sendable (Reply) -> Void) {
        if route.isAdmin || (route == .metrics && metricsRequireToken), let refusal = authenticationRefusal(request) {
            return reply(refusal)
        }
        switch route {
        case .invalid(let reason): return reply(.refusal(ServerError(.invalidPath, "the path is refused: \(reason)")))
        case .unknown: return reply(.refusal(ServerError(.notFound, "no route \(request.path): \(Route.prefixes)")))
        default: break
        }
        guard route.methods.contains(request.method) else {
            var refusal = Reply.refusal(
                ServerError(.methodNotAllowed, "\(request.method) is not allowed on \(route.name)"))
            refusal.response.headers.append(("Allow", route.methods.joined(separator: ", ")))
            return reply(refusal)
        }
        switch route {
        case .healthz:
            reply(Self.healthy)  // libmicrohttpd sends a HEAD's answer without its body
        case .readyz:
            readiness.check { result in
                switch result {
                case .success: reply(.json(200, ["status": "ready"]))
                case .failure(let error):
                    reply(.refusal(Refusal(notReady: error)))
                }
            }
        case .metrics:
            reply(Reply(.text(200, metrics.render(), contentType: "text/plain; version=0.0.4")))
        case .notifications:
            notifications.handle(request, reply: reply)
        case .appTransactions(let bundleId):
            admin.registerAppTransaction(bundleId: bundleId, request, reply: reply)
        case .account(let bundleId, let accountId):
            reads.run { [admin] in reply(admin.account(bundleId: bundleId, accountId: accountId)) }
        case .restore(let bundleId, let accountId):
            admin.restore(bundleId: bundleId, accountId: accountId, request, reply: reply)
        case .storeInstalls(let bundleId):
            admin.linkStoreInstall(bundleId: bundleId, request, reply: reply)
        case .storeRevocations(let bundleId):
            admin.importRevocations(bundleId: bundleId, request, reply: reply)
        case .events(let bundleId):
            reads.run { [admin] in reply(admin.events(bundleId: bundleId, request)) }
        case .notification(let uuid):
            reads.run { [admin] in reply(admin.notification(uuid: uuid)) }
        case .invalid, .unknown:
            break  // answered above
        }
    }
}

/// The routes, parsed from a path; `name` is the template used in logs and metrics.
package enum Route: Sendable, Equatable {
    case healthz, readyz, metrics, notifications
    case appTransactions(bundleId: String)
    case account(bundleId: String, accountId: String)
    case restore(bundleId: String, accountId: String)
    case storeInstalls(bundleId: String)
    case storeRevocations(bundleId: String)
    case events(bundleId: String)
    case notification(uuid: String)
    /// A path no route may match: see ``PathSegments``.
    case invalid(reason: String)
    case unknown

    init(_ request: HTTPRequest) {
        switch request.path {  // the hot routes, without splitting the path
        case "/v2/notifications": self = .notifications
        case "/healthz": self = .healthz
        default: self.init(parsing: request.path)
        }
    }

    private init(parsing path: String) {
        if path == "/" {  // the root is a path like any other, just one with no route
            self = .unknown
            return
        }
        let parts: [String]
        do {
            parts = try PathSegments(path).segments
        } catch {
            self = .invalid(reason: error.reason)
            return
        }
        switch parts.count {
        case 1 where parts[0] == "healthz": self = .healthz
        case 1 where parts[0] == "readyz": self = .readyz
        case 1 where parts[0] == "metrics": self = .metrics
        case 2 where parts == ["v2", "notifications"]: self = .notifications
        case 3 where parts[0] == "v1" && parts[1] == "notifications": self = .notification(uuid: parts[2])
        case 4 where parts[0] == "v1" && parts[1] == "apps" && parts[3] == "app-transactions":
            self = .appTransactions(bundleId: parts[2])
        case 4 where parts[0] == "v1" && parts[1] == "apps" && parts[3] == "events": self = .events(bundleId: parts[2])
        case 4 where parts[0] == "v1" && parts[1] == "apps" && parts[3] == "store-installs":
            self = .storeInstalls(bundleId: parts[2])
        case 4 where parts[0] == "v1" && parts[1] == "apps" && parts[3] == "store-revocations":
            self = .storeRevocations(bundleId: parts[2])
        case 5 where parts[0] == "v1" && parts[1] == "apps" && parts[3] == "accounts":
            self = .account(bundleId: parts[2], accountId: parts[4])
        case 6 where parts[0] == "v1" && parts[1] == "apps" && parts[3] == "accounts" && parts[5] == "restore":
            self = .restore(bundleId: parts[2], accountId: parts[4])
        default: self = .unknown
        }
    }

    /// What a 404 names, so that a mistyped path shows where the routes are.
    static let prefixes =
        "the routes are POST /v2/notifications, the admin API under /v1/apps/{bundleId}/ and /v1/notifications/, "
        + "GET /healthz, /readyz and /metrics (see docs/http-api.md)"

    var name: String {
        switch self {
        case .healthz: "/healthz"
        case .readyz: "/readyz"
        case .metrics: "/metrics"
        case .notifications: "/v2/notifications"
        case .appTransactions: "/v1/apps/{bundleId}/app-transactions"
        case .account: "/v1/apps/{bundleId}/accounts/{accountId}"
        case .restore: "/v1/apps/{bundleId}/accounts/{accountId}/restore"
        case .storeInstalls: "/v1/apps/{bundleId}/store-installs"
        case .storeRevocations: "/v1/apps/{bundleId}/store-revocations"
        case .events: "/v1/apps/{bundleId}/events"
        case .notification: "/v1/notifications/{uuid}"
        case .invalid: "invalid"
        case .unknown: "unknown"
        }
    }

    var isAdmin: Bool {
        switch self {
        case .appTransactions, .account, .restore, .storeInstalls, .storeRevocations, .events, .notification: true
        default: false
        }
    }

    /// Probes are not logged: a load balancer polls them constantly.
    var isLogged: Bool { ![.healthz, .readyz, .metrics].contains(self) }

    /// Every route served, by template, with the methods it takes: the router answers any other
    /// method 405 with these in `Allow`, and docs/openapi.yaml documents exactly these (a test
    /// holds the two together).
    package static let all: [(template: String, methods: [String])] = [
        ("/v2/notifications", ["POST"]),
        ("/v1/apps/{bundleId}/app-transactions", ["POST"]),
        ("/v1/apps/{bundleId}/accounts/{accountId}", ["GET"]),
        ("/v1/apps/{bundleId}/accounts/{accountId}/restore", ["POST"]),
        ("/v1/apps/{bundleId}/store-installs", ["POST"]),
        ("/v1/apps/{bundleId}/store-revocations", ["POST"]),
        ("/v1/apps/{bundleId}/events", ["GET"]),
        ("/v1/notifications/{uuid}", ["GET"]),
        ("/healthz", ["GET", "HEAD"]),
        ("/readyz", ["GET", "HEAD"]),
        ("/metrics", ["GET"]),
    ]

    /// The methods this route takes (none for a path no route takes).
    var methods: [String] { Self.all.first { $0.template == name }?.methods ?? [] }
}
