import ConsentLedger

/// Everything `agekit serve` needs to start, after the file, the environment and the
/// flags were merged. With no file at all the defaults run a local test setup.
package struct ServerConfiguration: Sendable, Equatable {
    package var host = "127.0.0.1"
    package var port: UInt16 = 8080
    package var dataDirectory = "./agekit-data"
    /// A store URL: `sqlite:PATH` or a PostgreSQL URL. Nil: `sqlite:<data dir>/agekit.sqlite`.
    package var store: String?
    /// Trust the local test CA (created in `<data dir>/ca`) and accept `LocalTesting` payloads.
    package var localTesting = true
    /// Apple root certificates (DER or PEM files).
    package var appleRoots: [String] = []
    package var apps: [AppConfiguration] = [AppConfiguration.localDefault]
    package var tls: TLSConfiguration?
    package var limits = Limits()
    /// How long a request waits for its commit before 503 `store_timeout`.
    package var commitTimeoutMilliseconds = 5_000
    /// A second listener for the admin API, `/metrics` and `/readyz`; the main one then
    /// serves only `/v2/notifications` and `/healthz`.
    package var adminHost: String?
    package var adminPort: UInt16 = 0
    /// `/metrics` needs the admin token.
    package var metricsRequireToken = false
    /// CIDR ranges whose clients the main listener accepts (Apple sends from 17.0.0.0/8),
    /// empty: any; and the reverse proxies accepted whatever they say, the client of each
    /// request they forward, read from `X-Forwarded-For`, being in the ranges. Parsed once,
    /// when the configuration is read.
    package var allowedSources: SourcePolicy = .any
    /// Full verifications of never-seen certificate chains per second; beyond: 503. New
    /// leaves under intermediates already verified have a budget of their own of this size.
    /// Both are kept twice: once for `appleSources`, once for every other sender.
    package var newChainsPerSecond = 50
    /// Where Apple delivers from (Apple publishes 17.0.0.0/8): deliveries from these addresses
    /// (directly, or forwarded by a trusted proxy) have verification budgets no other sender can
    /// spend, so a flood of forgeries cannot take the turn of Apple's new leaf or intermediate.
    package var appleSources = AddressRanges.apple
    /// How far a live notification's `signedDate` may lie from its receipt.
    package var freshness = Freshness()
    /// Refusals of one kind (route, status, code) the request log writes each second; the
    /// rest are counted in one line. 0: every one.
    package var loggedRefusalsPerSecond = 20
    /// What serve prunes, and how often (`retention`).
    package var retention = RetentionConfiguration()
    /// Where the configuration came from, for the startup summary.
    package var source = "defaults"

    package init() {}

    package var storeURL: String { store ?? "sqlite:\(dataDirectory)/agekit.sqlite" }
    package var caDirectory: String { "\(dataDirectory)/ca" }
    package var adminTokenFile: String { "\(dataDirectory)/admin-token" }

    package struct TLSConfiguration: Sendable, Equatable {
        package var certificate: String
        package var key: String
    }

    package struct Limits: Sendable, Equatable {
        package var threads = 2
        package var maxBodyBytes = 256 * 1024
        /// Above the thousands of connections an attacker may open slowly; the process raises
        /// its open-file limit to match.
        package var maxConnections = 4096
        package var idleTimeoutSeconds = 10
        package var requestHeadTimeoutSeconds = 10
        package var minBodyBytesPerSecond = 1024
        package var maxConnectionsPerAddress = 64
        /// libmicrohttpd zeroes this much on every request of a connection: 16 KiB holds any
        /// sane headers (larger get 431), and bodies stream through it.
        package var memoryPerConnectionBytes = 16 * 1024
        /// On SIGTERM or SIGINT, how long requests in flight (even half uploaded) may take to
        /// finish while new ones get 503 `shutting_down`; past it the process exits anyway.
        package var drainTimeoutSeconds = 10
    }
}

/// One app the server accepts notifications for.
package struct AppConfiguration: Sendable, Equatable {
    package var bundleId: String
    /// Required to accept Production payloads: Apple includes it there.
    package var appAppleId: Int64?
    package var environments: [String]
    /// Where consent events go, if the app's backend wants them pushed.
    package var forwarding: ForwardingConfiguration?
    /// App Store Server API access; needed by history sync and test notifications.
    package var api: APIAccessConfiguration?
    /// Scheduled history sync inside `agekit serve`; needs ``api``.
    package var historySync: HistorySyncConfiguration?
    /// The other stores whose revoked approvals are imported for this app, each with the
    /// number of days after which the last import is overdue (`agekit check`, `/metrics`).
    package var storeImports: [StoreName: Int] = [:]

    package init(
        bundleId: String, appAppleId: Int64? = nil, environments: [String], forwarding: ForwardingConfiguration? = nil,
        api: APIAccessConfiguration? = nil, historySync: HistorySyncConfiguration? = nil
    ) {
        self.bundleId = bundleId
        self.appAppleId = appAppleId
        self.environments = environments
        self.forwarding = forwarding
        self.api = api
        self.historySync = historySync
    }

    /// The app `agekit simulate` signs for by default.
    package static let localDefault = AppConfiguration(
        bundleId: "com.example.agekit", environments: ["LocalTesting", "Sandbox", "Xcode"])

    package static let knownEnvironments = ["Production", "Sandbox", "Xcode", "LocalTesting"]
}

/// Event forwarding to an app's backend: consent events always, every stored notification
/// when `allNotifications` is on; signed with HMAC-SHA256 over timestamp and body.
package struct ForwardingConfiguration: Sendable, Equatable {
    package var url: String
    package var secret: String
    /// The secret being replaced: events are signed with both until `previousSecretUntil`
    /// (ms since 1970), so the backend can switch at any moment of the window.
    package var previousSecret: String?
    package var previousSecretUntil: Int64?
    package var allNotifications = false
    package var maxAttempts = 8
    package var timeoutSeconds = 10

    package init(
        url: String, secret: String, allNotifications: Bool = false, maxAttempts: Int = 8, timeoutSeconds: Int = 10
    ) {
        self.url = url
        self.secret = secret
        self.allNotifications = allNotifications
        self.maxAttempts = maxAttempts
        self.timeoutSeconds = timeoutSeconds
    }
}
