/// Everything `agekit serve` needs to start, after the file, the environment and the
/// flags were merged. With no file at all the defaults run a local test setup.
public struct ServerConfiguration: Sendable, Equatable {
    public var host = "127.0.0.1"
    public var port: UInt16 = 8080
    public var dataDirectory = "./agekit-data"
    /// A store URL: `sqlite:PATH` or a PostgreSQL URL. Nil: `sqlite:<data dir>/agekit.sqlite`.
    public var store: String?
    /// Trust the local test CA (created in `<data dir>/ca`) and accept `LocalTesting` payloads.
    public var localTesting = true
    /// Apple root certificates (DER or PEM files).
    public var appleRoots: [String] = []
    public var apps: [AppConfiguration] = [AppConfiguration.localDefault]
    public var tls: TLSConfiguration?
    public var limits = Limits()
    /// How long a request waits for its commit before 503 `store_timeout`.
    public var commitTimeoutMilliseconds = 5_000
    /// A second listener for the admin API, `/metrics` and `/readyz`; the main one then
    /// serves only `/v2/notifications` and `/healthz`.
    public var adminHost: String?
    public var adminPort: UInt16 = 0
    /// `/metrics` needs the admin token.
    public var metricsRequireToken = false
    /// CIDR ranges whose clients the main listener accepts (Apple sends from 17.0.0.0/8),
    /// empty: any; and the reverse proxies accepted whatever they say, the client of each
    /// request they forward, read from `X-Forwarded-For`, being in the ranges. Parsed once,
    /// when the configuration is read.
    public var allowedSources: SourcePolicy = .any
    /// Full verifications of never-seen certificate chains per second; beyond: 503. New
    /// leaves under intermediates already verified have a budget of their own of this size.
    /// Both are kept twice: once for `appleSources`, once for every other sender.
    public var newChainsPerSecond = 50
    /// Where Apple delivers from (Apple publishes 17.0.0.0/8): deliveries from these addresses
    /// (directly, or forwarded by a trusted proxy) have verification budgets no other sender can
    /// spend, so a flood of forgeries cannot take the turn of Apple's new leaf or intermediate.
    public var appleSources = AddressRanges.apple
    /// How far a live notification's `signedDate` may lie from its receipt.
    public var freshness = Freshness()
    /// Refusals of one kind (route, status, code) the request log writes each second; the
    /// rest are counted in one line. 0: every one.
    public var loggedRefusalsPerSecond = 20
    /// What serve prunes, and how often (`retention`).
    public var retention = RetentionConfiguration()
    /// Where the configuration came from, for the startup summary.
    public var source = "defaults"

    public init() {}

    public var storeURL: String { store ?? "sqlite:\(dataDirectory)/agekit.sqlite" }
    public var caDirectory: String { "\(dataDirectory)/ca" }
    public var adminTokenFile: String { "\(dataDirectory)/admin-token" }

    public struct TLSConfiguration: Sendable, Equatable {
        public var certificate: String
        public var key: String
    }

    public struct Limits: Sendable, Equatable {
        public var threads = 2
        public var maxBodyBytes = 256 * 1024
        /// Above the thousands of connections an attacker may open slowly; the process raises
        /// its open-file limit to match.
        public var maxConnections = 4096
        public var idleTimeoutSeconds = 10
        public var requestHeadTimeoutSeconds = 10
        public var minBodyBytesPerSecond = 1024
        public var maxConnectionsPerAddress = 64
        /// libmicrohttpd zeroes this much on every request of a connection: 16 KiB holds any
        /// sane headers (larger get 431), and bodies stream through it.
        public var memoryPerConnectionBytes = 16 * 1024
    }
}

/// One app the server accepts notifications for.
public struct AppConfiguration: Sendable, Equatable {
    public var bundleId: String
    /// Required to accept Production payloads: Apple includes it there.
    public var appAppleId: Int64?
    public var environments: [String]
    /// Where consent events go, if the app's backend wants them pushed.
    public var forwarding: ForwardingConfiguration?
    /// App Store Server API access; needed by history sync and test notifications.
    public var api: APIAccessConfiguration?
    /// Scheduled history sync inside `agekit serve`; needs ``api``.
    public var historySync: HistorySyncConfiguration?

    public init(
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
    public static let localDefault = AppConfiguration(
        bundleId: "com.example.agekit", environments: ["LocalTesting", "Sandbox", "Xcode"])

    public static let knownEnvironments = ["Production", "Sandbox", "Xcode", "LocalTesting"]
}

/// Event forwarding to an app's backend: consent events always, every stored notification
/// when `allNotifications` is on; signed with HMAC-SHA256 over timestamp and body.
public struct ForwardingConfiguration: Sendable, Equatable {
    public var url: String
    public var secret: String
    public var allNotifications = false
    public var maxAttempts = 8
    public var timeoutSeconds = 10

    public init(
        url: String, secret: String, allNotifications: Bool = false, maxAttempts: Int = 8, timeoutSeconds: Int = 10
    ) {
        self.url = url
        self.secret = secret
        self.allNotifications = allNotifications
        self.maxAttempts = maxAttempts
        self.timeoutSeconds = timeoutSeconds
    }
}
