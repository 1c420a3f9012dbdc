import ConsentLedger
import Foundation

/// Reads the JSON configuration file, then the environment, then the flags (each
/// overriding the one before). Every mistake names its field and the reason.
package struct ConfigurationLoader {
    /// Flags from the command line; nil leaves the value alone.
    package struct Overrides: Sendable {
        package var configFile: String?
        package var listen: String?
        package var dataDirectory: String?
        package var store: String?

        package init(
            configFile: String? = nil, listen: String? = nil, dataDirectory: String? = nil, store: String? = nil
        ) {
            self.configFile = configFile
            self.listen = listen
            self.dataDirectory = dataDirectory
            self.store = store
        }
    }

    let environment: [String: String]
    let readFile: (String) throws -> Data

    package init(
        environment: [String: String],
        readFile: @escaping (String) throws -> Data = { try Data(contentsOf: URL(fileURLWithPath: $0)) }
    ) {
        self.environment = environment
        self.readFile = readFile
    }

    package func load(_ overrides: Overrides) throws(ServerError) -> ServerConfiguration {
        var configuration = ServerConfiguration()
        if let file = overrides.configFile ?? environment["AGEKIT_CONFIG"] {
            let data: Data
            do {
                data = try readFile(file)
            } catch {
                throw ServerError.configuration(
                    file, "cannot read the configuration file: \(FileProblem.reason(error))")
            }
            try apply(file: data, named: file, to: &configuration)
        }
        try applyEnvironment(to: &configuration)
        if let listen = overrides.listen { try setListen(listen, field: "--listen", on: &configuration) }
        if let directory = overrides.dataDirectory { configuration.dataDirectory = directory }
        if let store = overrides.store { configuration.store = store }
        try validate(configuration)
        return configuration
    }

    // MARK: - File

    private func apply(
        file data: Data, named file: String, to configuration: inout ServerConfiguration
    ) throws(ServerError) {
        // Checked strictly first: a decoder quietly takes one of two equal keys, and its
        // refusals say neither what nor where.
        do {
            try StrictJSON.check(Array(data))
        } catch {
            throw ServerError.configuration(file, "not valid JSON: \(error.reason)")
        }
        guard let root = try? JSONDecoder().decode(FileObject<ConfigurationFile>.self, from: data), root.isObject
        else { throw ServerError.configuration(file, "the configuration must be a JSON object ({...})") }
        configuration.source = file
        configuration.localTesting = false
        configuration.apps = []
        let fields = try root.get()
        if let listen = try fields.listen?.get() { try setListen(listen, field: "listen", on: &configuration) }
        if let directory = try fields.dataDirectory?.get() { configuration.dataDirectory = directory }
        if let store = try fields.store?.get() { configuration.store = store }
        if let local = try fields.localTesting?.get() { configuration.localTesting = local }
        if let roots = try fields.appleRootCertificates?.get() { configuration.appleRoots = roots }
        if let apps = fields.apps { configuration.apps = try self.apps(apps) }
        if configuration.apps.isEmpty && configuration.localTesting && !root.holds("apps") {
            configuration.apps = [.localDefault]  // the app `agekit simulate` signs for
        }
        if let tls = try fields.tls?.get() {
            guard let certificate = try tls.certificate?.get(), let key = try tls.key?.get() else {
                throw ServerError.configuration("tls", "needs both \"certificate\" and \"key\" (PEM files)")
            }
            configuration.tls = .init(certificate: certificate, key: key)
        }
        if let notifications = try fields.notifications?.get() { try apply(notifications, to: &configuration) }
        if let admin = try fields.admin?.get() {
            if let listen = admin.listen {
                var scratch = ServerConfiguration()
                try setListen(listen.get(), field: listen.path, on: &scratch)
                (configuration.adminHost, configuration.adminPort) = (scratch.host, scratch.port)
            }
            configuration.metricsRequireToken = try admin.metricsRequireToken?.get() ?? false
        }
        configuration.allowedSources = try SourcePolicy(
            fields.allowedSources?.get() ?? [], trustedProxies: fields.trustedProxies?.get() ?? [])
        if let value = try fields.log?.get().refusalsPerSecond?.get(in: 0...100_000) {
            configuration.loggedRefusalsPerSecond = value
        }
        if let retention = try fields.retention?.get() { configuration.retention = try Self.retention(retention) }
        if let value = try fields.storage?.get().commitTimeoutMilliseconds?.get(in: 100...60_000) {
            configuration.commitTimeoutMilliseconds = value
        }
        if let http = try fields.http?.get() { try apply(http, to: &configuration.limits) }
    }

    private func apply(
        _ notifications: ConfigurationFile.Notifications, to configuration: inout ServerConfiguration
    ) throws(ServerError) {
        if let sources = notifications.appleSources {
            configuration.appleSources = try AddressRanges(sources.get(), field: sources.path)
        }
        if let rate = try notifications.newChainsPerSecond?.get(in: 1...100_000) {
            configuration.newChainsPerSecond = rate
        }
        // Apple's last retry comes 72 hours after the first attempt: a shorter window loses it.
        if let hours = try notifications.maxSignedAgeHours?.get(in: 73...8_760) {
            configuration.freshness.maxAgeSeconds = Int64(hours) * 3600
        }
        if let seconds = try notifications.maxSignedAheadSeconds?.get(in: 0...3_600) {
            configuration.freshness.maxAheadSeconds = Int64(seconds)
        }
    }

    private func apply(
        _ http: ConfigurationFile.HTTP, to limits: inout ServerConfiguration.Limits
    ) throws(ServerError) {
        if let value = try http.threads?.get() { limits.threads = value }
        if let value = try http.maxBodyBytes?.get() { limits.maxBodyBytes = value }
        if let value = try http.maxConnections?.get() { limits.maxConnections = value }
        if let value = try http.idleTimeoutSeconds?.get() { limits.idleTimeoutSeconds = value }
        if let value = try http.memoryPerConnectionBytes?.get() { limits.memoryPerConnectionBytes = value }
        if let value = try http.requestHeadTimeoutSeconds?.get() { limits.requestHeadTimeoutSeconds = value }
        if let value = try http.minBodyBytesPerSecond?.get() { limits.minBodyBytesPerSecond = value }
        if let value = try http.maxConnectionsPerAddress?.get() { limits.maxConnectionsPerAddress = value }
        if let value = try http.drainTimeoutSeconds?.get(in: 0...300) { limits.drainTimeoutSeconds = value }
    }

    /// `HOST:PORT`, the host bracketed when it is IPv6 (`[::1]:8080`).
    func setListen(
        _ text: String, field: String, on configuration: inout ServerConfiguration
    ) throws(ServerError) {
        guard let colon = text.lastIndex(of: ":"), let port = UInt16(text[text.index(after: colon)...]) else {
            throw ServerError.configuration(field, "'\(text)' is not HOST:PORT (for example 127.0.0.1:8080)")
        }
        var host = String(text[..<colon])
        if host.hasPrefix("[") && host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        guard !host.isEmpty else { throw ServerError.configuration(field, "'\(text)' has no host") }
        configuration.host = host
        configuration.port = port
    }

    // MARK: - Validation

    private func validate(_ configuration: ServerConfiguration) throws(ServerError) {
        if configuration.apps.isEmpty {
            throw ServerError.configuration("apps", "name at least one app (bundleId, appAppleId, environments)")
        }
        var seen = Set<String>()
        for (index, app) in configuration.apps.enumerated() {
            guard seen.insert(app.bundleId).inserted else {
                throw ServerError.configuration("apps[\(index)].bundleId", "'\(app.bundleId)' is listed twice")
            }
            for environment in app.environments where !AppConfiguration.knownEnvironments.contains(environment) {
                throw ServerError.configuration(
                    "apps[\(index)].environments",
                    "'\(environment)' is not one of \(AppConfiguration.knownEnvironments.joined(separator: ", "))")
            }
            if app.environments.contains("Production") && app.appAppleId == nil {
                throw ServerError.configuration(
                    "apps[\(index)].appAppleId", "required to accept Production notifications (Apple's app id)")
            }
            if app.historySync != nil && !app.environments.contains(where: { $0 == "Production" || $0 == "Sandbox" }) {
                throw ServerError.configuration(
                    "apps[\(index)].historySync", "history sync needs the Production or Sandbox environment")
            }
            if app.environments.contains("LocalTesting") && !configuration.localTesting {
                throw ServerError.configuration(
                    "apps[\(index)].environments", "LocalTesting needs \"localTesting\": true")
            }
        }
        if configuration.appleRoots.isEmpty && !configuration.localTesting {
            throw ServerError.configuration(
                "appleRootCertificates", "name Apple's root certificate file(s), or set \"localTesting\": true")
        }
        let limits = configuration.limits
        for (field, value, minimum) in [
            ("http.threads", limits.threads, 1), ("http.maxBodyBytes", limits.maxBodyBytes, 1024),
            ("http.maxConnections", limits.maxConnections, 1),
            ("http.idleTimeoutSeconds", limits.idleTimeoutSeconds, 1),
            ("http.memoryPerConnectionBytes", limits.memoryPerConnectionBytes, 8192),
            ("http.requestHeadTimeoutSeconds", limits.requestHeadTimeoutSeconds, 1),
            ("http.minBodyBytesPerSecond", limits.minBodyBytesPerSecond, 0),
            ("http.maxConnectionsPerAddress", limits.maxConnectionsPerAddress, 0),
        ] where value < minimum {
            throw ServerError.configuration(field, "\(value) is below the minimum \(minimum)")
        }
    }
}
