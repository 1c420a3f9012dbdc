import AppStoreServerAPI
import ConsentLedger
import ConsentServer
import Foundation

/// The options `agekit history sync` and `agekit test-notification` share: which app and
/// environment, where its API key comes from (flags over the configuration), and the store.
struct APICommandOptions {
    static let table = OptionTable(
        column: 22,
        [
            .valued("app", "BUNDLE_ID", "the app (must be configured; the defaults configure com.example.agekit)"),
            .valued("environment", "ENV", "Production or Sandbox"),
            .valued(
                "config", "FILE", "JSON configuration (apps, their \"api\" key, the store); also AGEKIT_CONFIG"),
            .valued("data-dir", "DIR", "data directory (default ./agekit-data); also AGEKIT_DATA_DIR"),
            .valued("store", "URL", "sqlite:PATH or postgres://...; also AGEKIT_STORE"),
            .valued("key-id", "ID", "App Store Connect in-app purchase key id (overrides the configuration)"),
            .valued("issuer-id", "ID", "the key's issuer id"),
            .valued("private-key", "FILE", "the key's .p8 file"),
            .valued("base-url", "URL", "call this host instead of Apple's (a local stand-in of the API)"),
        ])

    let app: AppConfiguration
    let environment: APIEnvironment
    let configuration: ServerConfiguration
    /// A store was named (flag, environment or configuration file), not only defaulted.
    let storeNamed: Bool

    init(_ arguments: Arguments, console: Console) throws(CLIError) {
        let bundleId = try arguments.required("app")
        guard let environment = try arguments.value("environment", as: "Production or Sandbox", APIEnvironment.parse)
        else { throw .usage("--environment is required (Production or Sandbox)") }
        let overrides = ConfigurationLoader.Overrides(
            configFile: arguments.value("config"), dataDirectory: arguments.value("data-dir"),
            store: arguments.value("store"))
        let configuration: ServerConfiguration
        do {
            configuration = try ConfigurationLoader(environment: console.environment).load(overrides)
        } catch {
            throw .failure(code: error.code.rawValue, message: error.reason)
        }
        guard var app = configuration.apps.first(where: { $0.bundleId == bundleId }) else {
            throw .failure(
                code: "unknown_app",
                message: "app '\(bundleId)' is not configured (configured: "
                    + configuration.apps.map(\.bundleId).joined(separator: ", ") + ")")
        }
        guard app.environments.contains(environment.rawValue) else {
            throw .failure(
                code: "environment_not_configured",
                message: "app '\(bundleId)' does not accept \(environment.rawValue) notifications "
                    + "(environments: \(app.environments.joined(separator: ", ")))")
        }
        let flags = ["key-id", "issuer-id", "private-key"].map { arguments.value($0) }
        if flags.contains(where: { $0 != nil }) {
            guard let keyId = flags[0], let issuerId = flags[1], let privateKey = flags[2] else {
                throw .usage("--key-id, --issuer-id and --private-key go together")
            }
            app.api = APIAccessConfiguration(
                keyId: keyId, issuerId: issuerId, privateKey: privateKey, baseURL: app.api?.baseURL)
        }
        if let baseURL = arguments.value("base-url") {
            guard var api = app.api else {
                throw .usage("--base-url needs an API key (--key-id, --issuer-id, --private-key or the configuration)")
            }
            api.baseURL = baseURL
            app.api = api
        }
        guard app.api != nil else {
            throw .usage(
                "app '\(bundleId)' has no App Store Server API key: give --key-id, --issuer-id and --private-key, "
                    + "or \"api\" in its configuration")
        }
        self.app = app
        self.environment = environment
        self.configuration = configuration
        let environmentNames = ["AGEKIT_CONFIG", "AGEKIT_STORE", "AGEKIT_DATA_DIR"]
        self.storeNamed =
            overrides.configFile != nil || overrides.store != nil || overrides.dataDirectory != nil
            || environmentNames.contains { console.environment[$0] != nil }
    }

    func client() throws(CLIError) -> AppStoreServerAPIClient {
        do {
            return try APIClientFactory.client(for: app, environment: environment)
        } catch {
            throw .failure(code: error.code.rawValue, message: error.reason)
        }
    }

    /// Opens the store and builds the intake, as `agekit serve` does.
    func services(console: Console) throws(CLIError) -> ServiceAssembly {
        do {
            return try ServiceAssembly(
                configuration: configuration, environment: console.environment,
                openStore: { url throws(LedgerError) in try StoreURL.open(url, environment: console.environment) })
        } catch {
            throw .failure(code: error.code.rawValue, message: error.reason)
        }
    }

    /// `2026-11-01` (UTC midnight) or a full ISO 8601 timestamp with a zone.
    static func date(_ text: String) -> Date? {
        let full = ISO8601DateFormatter()
        full.formatOptions = [.withInternetDateTime]
        if let date = full.date(from: text) { return date }
        full.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let date = full.date(from: text) { return date }
        let day = ISO8601DateFormatter()
        day.formatOptions = [.withFullDate]
        day.timeZone = TimeZone(identifier: "UTC")
        return text.count == 10 ? day.date(from: text) : nil
    }
}
