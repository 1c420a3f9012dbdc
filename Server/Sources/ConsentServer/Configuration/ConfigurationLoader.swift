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
        // Checked strictly first: Foundation keeps the last of two equal keys, and its refusal
        // says neither what nor where.
        do {
            try StrictJSON.check(Array(data))
        } catch {
            throw ServerError.configuration(file, "not valid JSON: \(error)")
        }
        guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            throw ServerError.configuration(file, "the configuration must be a JSON object ({...})")
        }
        configuration.source = file
        configuration.localTesting = false
        configuration.apps = []
        let reader = FieldReader(object, path: "")
        try reader.allowOnly([
            "listen", "dataDirectory", "store", "localTesting", "appleRootCertificates", "apps", "tls", "http",
            "notifications", "storage", "admin", "allowedSources", "trustedProxies", "log", "retention",
        ])
        if let listen = try reader.string("listen") { try setListen(listen, field: "listen", on: &configuration) }
        if let directory = try reader.string("dataDirectory") { configuration.dataDirectory = directory }
        if let store = try reader.string("store") { configuration.store = store }
        if let local = try reader.bool("localTesting") { configuration.localTesting = local }
        if let roots = try reader.strings("appleRootCertificates") { configuration.appleRoots = roots }
        if let apps = try reader.objects("apps") {
            configuration.apps = try apps.map { app throws(ServerError) in
                try app.allowOnly([
                    "bundleId", "appAppleId", "environments", "forwarding", "api", "historySync", "storeImports",
                ])
                guard let bundleId = try app.string("bundleId"), !bundleId.isEmpty else {
                    throw ServerError.configuration(app.field("bundleId"), "required: the app's bundle id")
                }
                let environments = try app.strings("environments") ?? ["Production", "Sandbox"]
                var configured = AppConfiguration(
                    bundleId: bundleId, appAppleId: try app.int("appAppleId"), environments: environments,
                    forwarding: try forwarding(app.object("forwarding")), api: try apiAccess(app),
                    historySync: try historySync(app))
                configured.storeImports = try storeImports(app)
                return configured
            }
        }
        if configuration.apps.isEmpty && configuration.localTesting && object["apps"] == nil {
            configuration.apps = [.localDefault]  // the app `agekit simulate` signs for
        }
        if let tls = try reader.object("tls") {
            try tls.allowOnly(["certificate", "key"])
            guard let certificate = try tls.string("certificate"), let key = try tls.string("key") else {
                throw ServerError.configuration("tls", "needs both \"certificate\" and \"key\" (PEM files)")
            }
            configuration.tls = .init(certificate: certificate, key: key)
        }
        try notifications(reader.object("notifications"), into: &configuration)
        if let admin = try reader.object("admin") {
            try admin.allowOnly(["listen", "metricsRequireToken"])
            if let listen = try admin.string("listen") {
                var scratch = ServerConfiguration()
                try setListen(listen, field: admin.field("listen"), on: &scratch)
                (configuration.adminHost, configuration.adminPort) = (scratch.host, scratch.port)
            }
            configuration.metricsRequireToken = try admin.bool("metricsRequireToken") ?? false
        }
        configuration.allowedSources = try SourcePolicy(
            reader.strings("allowedSources") ?? [], trustedProxies: reader.strings("trustedProxies") ?? [])
        if let log = try reader.object("log") {
            try log.allowOnly(["refusalsPerSecond"])
            if let value = try log.int("refusalsPerSecond") {
                guard (0...100_000).contains(value) else {
                    throw ServerError.configuration(log.field("refusalsPerSecond"), "must be between 0 and 100000")
                }
                configuration.loggedRefusalsPerSecond = Int(value)
            }
        }
        if let retention = try reader.object("retention") { configuration.retention = try Self.retention(retention) }
        if let storage = try reader.object("storage") {
            try storage.allowOnly(["commitTimeoutMilliseconds"])
            if let value = try storage.int("commitTimeoutMilliseconds") {
                guard (100...60_000).contains(value) else {
                    throw ServerError.configuration(
                        storage.field("commitTimeoutMilliseconds"), "must be between 100 and 60000")
                }
                configuration.commitTimeoutMilliseconds = Int(value)
            }
        }
        if let http = try reader.object("http") {
            try http.allowOnly([
                "threads", "maxBodyBytes", "maxConnections", "idleTimeoutSeconds", "memoryPerConnectionBytes",
                "requestHeadTimeoutSeconds", "minBodyBytesPerSecond", "maxConnectionsPerAddress", "drainTimeoutSeconds",
            ])
            var limits = configuration.limits
            if let value = try http.int("threads") { limits.threads = Int(value) }
            if let value = try http.int("maxBodyBytes") { limits.maxBodyBytes = Int(value) }
            if let value = try http.int("maxConnections") { limits.maxConnections = Int(value) }
            if let value = try http.int("idleTimeoutSeconds") { limits.idleTimeoutSeconds = Int(value) }
            if let value = try http.int("memoryPerConnectionBytes") { limits.memoryPerConnectionBytes = Int(value) }
            if let value = try http.int("requestHeadTimeoutSeconds") { limits.requestHeadTimeoutSeconds = Int(value) }
            if let value = try http.int("minBodyBytesPerSecond") { limits.minBodyBytesPerSecond = Int(value) }
            if let value = try http.int("maxConnectionsPerAddress") { limits.maxConnectionsPerAddress = Int(value) }
            if let value = try http.int("drainTimeoutSeconds") {
                guard (0...300).contains(value) else {
                    throw ServerError.configuration(http.field("drainTimeoutSeconds"), "must be between 0 and 300")
                }
                limits.drainTimeoutSeconds = Int(value)
            }
            configuration.limits = limits
        }
    }

    /// `"notifications": {"maxSignedAgeHours", "maxSignedAheadSeconds", "newChainsPerSecond",
    /// "appleSources"}`.
    private func notifications(
        _ reader: FieldReader?, into configuration: inout ServerConfiguration
    ) throws(ServerError) {
        guard let reader else { return }
        try reader.allowOnly(["maxSignedAgeHours", "maxSignedAheadSeconds", "newChainsPerSecond", "appleSources"])
        if let sources = try reader.strings("appleSources") {
            configuration.appleSources = try AddressRanges(sources, field: reader.field("appleSources"))
        }
        if let rate = try reader.int("newChainsPerSecond") {
            guard (1...100_000).contains(rate) else {
                throw ServerError.configuration(reader.field("newChainsPerSecond"), "must be between 1 and 100000")
            }
            configuration.newChainsPerSecond = Int(rate)
        }
        if let hours = try reader.int("maxSignedAgeHours") {
            // Apple's last retry comes 72 hours after the first attempt: a shorter window loses it.
            guard (73...8_760).contains(hours) else {
                throw ServerError.configuration(reader.field("maxSignedAgeHours"), "must be between 73 and 8760")
            }
            configuration.freshness.maxAgeSeconds = hours * 3600
        }
        if let seconds = try reader.int("maxSignedAheadSeconds") {
            guard (0...3_600).contains(seconds) else {
                throw ServerError.configuration(reader.field("maxSignedAheadSeconds"), "must be between 0 and 3600")
            }
            configuration.freshness.maxAheadSeconds = seconds
        }
    }

    private func forwarding(_ reader: FieldReader?) throws(ServerError) -> ForwardingConfiguration? {
        guard let reader else { return nil }
        try reader.allowOnly([
            "url", "secret", "secretEnvironmentVariable", "previousSecret", "previousSecretEnvironmentVariable",
            "previousSecretUntil", "allNotifications", "maxAttempts", "timeoutSeconds",
        ])
        guard let url = try reader.string("url"), let parsed = URL(string: url),
            ["http", "https"].contains(parsed.scheme ?? "")
        else { throw ServerError.configuration(reader.field("url"), "required: the backend's http(s) URL") }
        guard let secret = try secret(reader, "secret"), secret.count >= 16 else {
            throw ServerError.configuration(
                reader.field("secret"), "required, at least 16 characters (or secretEnvironmentVariable)")
        }
        var configuration = ForwardingConfiguration(url: url, secret: secret)
        try rotation(reader, into: &configuration)
        configuration.allNotifications = try reader.bool("allNotifications") ?? false
        if let attempts = try reader.int("maxAttempts") {
            guard (1...100).contains(attempts) else {
                throw ServerError.configuration(reader.field("maxAttempts"), "must be between 1 and 100")
            }
            configuration.maxAttempts = Int(attempts)
        }
        if let timeout = try reader.int("timeoutSeconds") {
            guard (1...300).contains(timeout) else {
                throw ServerError.configuration(reader.field("timeoutSeconds"), "must be between 1 and 300")
            }
            configuration.timeoutSeconds = Int(timeout)
        }
        return configuration
    }

    /// `NAME`, or the environment variable `NAMEEnvironmentVariable` names.
    private func secret(_ reader: FieldReader, _ name: String) throws(ServerError) -> String? {
        guard let variable = try reader.string(name + "EnvironmentVariable") else { return try reader.string(name) }
        guard let value = environment[variable] else {
            throw ServerError.configuration(reader.field(name + "EnvironmentVariable"), "\(variable) is not set")
        }
        return value
    }

    /// A secret being replaced: signed with too until `previousSecretUntil`, which it needs,
    /// so that a forgotten rotation ends by itself.
    private func rotation(_ reader: FieldReader, into configuration: inout ForwardingConfiguration) throws(ServerError)
    {
        let until = try reader.string("previousSecretUntil")
        guard let previous = try secret(reader, "previousSecret") else {
            if until != nil {
                throw ServerError.configuration(
                    reader.field("previousSecretUntil"),
                    "only with previousSecret (or previousSecretEnvironmentVariable)")
            }
            return
        }
        guard previous.count >= 16, previous != configuration.secret else {
            throw ServerError.configuration(
                reader.field("previousSecret"), "at least 16 characters, and not the current secret")
        }
        guard let until, let date = ISO8601DateFormatter().date(from: until) else {
            throw ServerError.configuration(
                reader.field("previousSecretUntil"),
                "required with previousSecret: when the rotation ends, as 2027-01-31T00:00:00Z")
        }
        configuration.previousSecret = previous
        configuration.previousSecretUntil = Int64((date.timeIntervalSince1970 * 1000).rounded())
    }

    /// `"api": {"keyId", "issuerId", "privateKey", "baseURL"?}` in an app entry.
    private func apiAccess(_ app: FieldReader) throws(ServerError) -> APIAccessConfiguration? {
        guard let api = try app.object("api") else { return nil }
        try api.allowOnly(["keyId", "issuerId", "privateKey", "baseURL"])
        var values: [String] = []
        for key in ["keyId", "issuerId", "privateKey"] {
            guard let value = try api.string(key), !value.isEmpty else {
                throw ServerError.configuration(
                    api.field(key), "required: the App Store Connect in-app purchase key's \(key)")
            }
            values.append(value)
        }
        return APIAccessConfiguration(
            keyId: values[0], issuerId: values[1], privateKey: values[2], baseURL: try api.string("baseURL"))
    }

    /// `"historySync": {"intervalMinutes", "lookbackHours"}` in an app entry.
    private func historySync(_ app: FieldReader) throws(ServerError) -> HistorySyncConfiguration? {
        guard let sync = try app.object("historySync") else { return nil }
        try sync.allowOnly(["intervalMinutes", "lookbackHours"])
        guard let interval = try sync.int("intervalMinutes"), interval >= 1, interval <= 10_080 else {
            throw ServerError.configuration(
                sync.field("intervalMinutes"), "required: a whole number of minutes, 1 to 10080")
        }
        guard let lookback = try sync.int("lookbackHours"), lookback >= 1, lookback <= 180 * 24 else {
            throw ServerError.configuration(sync.field("lookbackHours"), "required: a whole number of hours, 1 to 4320")
        }
        guard try app.object("api") != nil else {
            throw ServerError.configuration(app.field("historySync"), "history sync needs the app's \"api\" key")
        }
        return HistorySyncConfiguration(intervalMinutes: Int(interval), lookbackHours: Int(lookback))
    }

    /// `"storeImports": {"googlePlay": {"maxAgeDays": 30}}`: a console lists a revocation for
    /// 90 days, so the reminder must come before that.
    private func storeImports(_ app: FieldReader) throws(ServerError) -> [StoreName: Int] {
        guard let imports = try app.object("storeImports") else { return [:] }
        let names = StoreName.installStores.map(\.rawValue)
        try imports.allowOnly(Set(names))
        var result: [StoreName: Int] = [:]
        for store in StoreName.installStores {
            guard let entry = try imports.object(store.rawValue) else { continue }
            try entry.allowOnly(["maxAgeDays"])
            let days = try entry.int("maxAgeDays") ?? 30
            guard (1...89).contains(days) else {
                throw ServerError.configuration(
                    entry.field("maxAgeDays"), "a whole number of days, 1 to 89 (the console keeps 90)")
            }
            result[store] = Int(days)
        }
        return result
    }

    // MARK: - Environment

    private func applyEnvironment(to configuration: inout ServerConfiguration) throws(ServerError) {
        if let listen = environment["AGEKIT_LISTEN"] {
            try setListen(listen, field: "AGEKIT_LISTEN", on: &configuration)
        }
        if let directory = environment["AGEKIT_DATA_DIR"] { configuration.dataDirectory = directory }
        if let store = environment["AGEKIT_STORE"] { configuration.store = store }
        if let roots = environment["AGEKIT_APPLE_ROOTS"] {
            configuration.appleRoots = roots.split(separator: ":").map(String.init)
        }
        // Half a pair is an error, never a silent plain-HTTP start.
        switch (environment["AGEKIT_TLS_CERT"], environment["AGEKIT_TLS_KEY"]) {
        case (let certificate?, let key?):
            guard !certificate.isEmpty, !key.isEmpty else {
                throw ServerError.configuration(
                    "AGEKIT_TLS_CERT", "AGEKIT_TLS_CERT and AGEKIT_TLS_KEY must name PEM files")
            }
            configuration.tls = .init(certificate: certificate, key: key)
        case (.some, nil):
            throw ServerError.configuration(
                "AGEKIT_TLS_CERT", "is set without AGEKIT_TLS_KEY: set both for HTTPS, or neither for plain HTTP")
        case (nil, .some):
            throw ServerError.configuration(
                "AGEKIT_TLS_KEY", "is set without AGEKIT_TLS_CERT: set both for HTTPS, or neither for plain HTTP")
        case (nil, nil):
            break
        }
    }

    private func setListen(
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

/// Typed access to one JSON object, naming the field in every error.
struct FieldReader {
    let object: [String: Any]
    let path: String

    init(_ object: [String: Any], path: String) {
        self.object = object
        self.path = path
    }

    func field(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    func allowOnly(_ keys: Set<String>) throws(ServerError) {
        if let unknown = object.keys.sorted().first(where: { !keys.contains($0) }) {
            throw ServerError.configuration(
                field(unknown),
                "unknown field\(NearestName.hint(for: unknown, among: keys)) (known: \(keys.sorted().joined(separator: ", ")))"
            )
        }
    }

    func string(_ key: String) throws(ServerError) -> String? {
        guard let value = object[key], !(value is NSNull) else { return nil }
        guard let string = value as? String else { throw ServerError.configuration(field(key), "must be a string") }
        return string
    }

    func bool(_ key: String) throws(ServerError) -> Bool? {
        guard let value = object[key], !(value is NSNull) else { return nil }
        guard let number = value as? NSNumber, number.isBoolean else {
            throw ServerError.configuration(field(key), "must be true or false")
        }
        return number.boolValue
    }

    func int(_ key: String) throws(ServerError) -> Int64? {
        guard let value = object[key], !(value is NSNull) else { return nil }
        guard let number = value as? NSNumber, !number.isBoolean,
            let integer = Int64(exactly: number.doubleValue)
        else { throw ServerError.configuration(field(key), "must be a whole number") }
        return integer
    }

    func strings(_ key: String) throws(ServerError) -> [String]? {
        guard let value = object[key], !(value is NSNull) else { return nil }
        guard let strings = value as? [String] else {
            throw ServerError.configuration(field(key), "must be a list of strings")
        }
        return strings
    }

    func object(_ key: String) throws(ServerError) -> FieldReader? {
        guard let value = object[key], !(value is NSNull) else { return nil }
        guard let nested = value as? [String: Any] else {
            throw ServerError.configuration(field(key), "must be an object")
        }
        return FieldReader(nested, path: field(key))
    }

    func objects(_ key: String) throws(ServerError) -> [FieldReader]? {
        guard let value = object[key], !(value is NSNull) else { return nil }
        guard let list = value as? [Any] else {
            throw ServerError.configuration(field(key), "must be a list of objects")
        }
        var readers: [FieldReader] = []
        for (index, element) in list.enumerated() {
            guard let nested = element as? [String: Any] else {
                throw ServerError.configuration("\(field(key))[\(index)]", "must be an object")
            }
            readers.append(FieldReader(nested, path: "\(field(key))[\(index)]"))
        }
        return readers
    }
}

extension NSNumber {
    /// JSON `true`/`false` arrive as NSNumber too; their type encoding is `c` (char).
    fileprivate var isBoolean: Bool { String(cString: objCType) == "c" }
}
