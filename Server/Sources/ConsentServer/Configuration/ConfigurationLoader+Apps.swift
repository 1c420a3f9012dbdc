import ConsentLedger
import Foundation

private typealias App = ConfigurationFile.App

extension ConfigurationLoader {
    /// `"apps"`: every entry is checked to be an object before the first is read.
    func apps(_ list: FileField<[FileObject<ConfigurationFile.App>]>) throws(ServerError) -> [AppConfiguration] {
        let entries = try list.get()
        if let stray = entries.first(where: { !$0.isObject }) { _ = try stray.get() }
        return try entries.map { entry throws(ServerError) in try app(entry) }
    }

    private func app(_ entry: FileObject<App>) throws(ServerError) -> AppConfiguration {
        let app = try entry.get()
        guard let bundleId = try app.bundleId?.get(), !bundleId.isEmpty else {
            throw ServerError.configuration(entry.field("bundleId"), "required: the app's bundle id")
        }
        let environments = try app.environments?.get() ?? ["Production", "Sandbox"]
        var configured = AppConfiguration(
            bundleId: bundleId, appAppleId: (try app.appAppleId?.get()).map { Int64($0) }, environments: environments,
            forwarding: try forwarding(app.forwarding), api: try apiAccess(app.api),
            historySync: try historySync(app.historySync, hasAPI: app.api != nil))
        configured.storeImports = try storeImports(app.storeImports)
        return configured
    }

    private func forwarding(_ object: FileObject<App.Forwarding>?) throws(ServerError) -> ForwardingConfiguration? {
        guard let object else { return nil }
        let forwarding = try object.get()
        guard let url = try forwarding.url?.get(), let parsed = URL(string: url),
            ["http", "https"].contains(parsed.scheme ?? "")
        else { throw ServerError.configuration(object.field("url"), "required: the backend's http(s) URL") }
        guard let secret = try secret(forwarding.secret, named: forwarding.secretEnvironmentVariable),
            secret.count >= 16
        else {
            throw ServerError.configuration(
                object.field("secret"), "required, at least 16 characters (or secretEnvironmentVariable)")
        }
        var configuration = ForwardingConfiguration(url: url, secret: secret)
        try rotation(object, forwarding, into: &configuration)
        configuration.allNotifications = try forwarding.allNotifications?.get() ?? false
        if let attempts = try forwarding.maxAttempts?.get(in: 1...100) { configuration.maxAttempts = attempts }
        if let timeout = try forwarding.timeoutSeconds?.get(in: 1...300) { configuration.timeoutSeconds = timeout }
        return configuration
    }

    /// The secret, or the environment variable its `…EnvironmentVariable` field names, which wins.
    private func secret(
        _ value: FileField<String>?, named variable: FileField<String>?
    ) throws(ServerError) -> String? {
        guard let variable else { return try value?.get() }
        let name = try variable.get()
        guard let secret = environment[name] else {
            throw ServerError.configuration(variable.path, "\(name) is not set")
        }
        return secret
    }

    /// A secret being replaced: signed with too until `previousSecretUntil`, which it needs,
    /// so that a forgotten rotation ends by itself.
    private func rotation(
        _ object: FileObject<App.Forwarding>, _ forwarding: App.Forwarding,
        into configuration: inout ForwardingConfiguration
    ) throws(ServerError) {
        let until = try forwarding.previousSecretUntil?.get()
        guard let previous = try secret(forwarding.previousSecret, named: forwarding.previousSecretEnvironmentVariable)
        else {
            if until != nil {
                throw ServerError.configuration(
                    object.field("previousSecretUntil"),
                    "only with previousSecret (or previousSecretEnvironmentVariable)")
            }
            return
        }
        guard previous.count >= 16, previous != configuration.secret else {
            throw ServerError.configuration(
                object.field("previousSecret"), "at least 16 characters, and not the current secret")
        }
        guard let until, let date = ISO8601DateFormatter().date(from: until) else {
            throw ServerError.configuration(
                object.field("previousSecretUntil"),
                "required with previousSecret: when the rotation ends, as 2027-01-31T00:00:00Z")
        }
        configuration.previousSecret = previous
        configuration.previousSecretUntil = Int64((date.timeIntervalSince1970 * 1000).rounded())
    }

    /// `"api": {"keyId", "issuerId", "privateKey", "baseURL"?}` in an app entry.
    private func apiAccess(_ object: FileObject<App.API>?) throws(ServerError) -> APIAccessConfiguration? {
        guard let object else { return nil }
        let api = try object.get()
        func required(_ field: FileField<String>?, _ key: String) throws(ServerError) -> String {
            guard let value = try field?.get(), !value.isEmpty else {
                throw ServerError.configuration(
                    object.field(key), "required: the App Store Connect in-app purchase key's \(key)")
            }
            return value
        }
        return APIAccessConfiguration(
            keyId: try required(api.keyId, "keyId"), issuerId: try required(api.issuerId, "issuerId"),
            privateKey: try required(api.privateKey, "privateKey"), baseURL: try api.baseURL?.get())
    }

    /// `"historySync": {"intervalMinutes", "lookbackHours"}` in an app entry.
    private func historySync(
        _ object: FileObject<App.HistorySync>?, hasAPI: Bool
    ) throws(ServerError) -> HistorySyncConfiguration? {
        guard let object else { return nil }
        let sync = try object.get()
        guard let interval = try sync.intervalMinutes?.get(), (1...10_080).contains(interval) else {
            throw ServerError.configuration(
                object.field("intervalMinutes"), "required: a whole number of minutes, 1 to 10080")
        }
        guard let lookback = try sync.lookbackHours?.get(), (1...180 * 24).contains(lookback) else {
            throw ServerError.configuration(
                object.field("lookbackHours"), "required: a whole number of hours, 1 to 4320")
        }
        guard hasAPI else { throw ServerError.configuration(object.path, "history sync needs the app's \"api\" key") }
        return HistorySyncConfiguration(intervalMinutes: interval, lookbackHours: lookback)
    }

    /// `"storeImports": {"googlePlay": {"maxAgeDays": 30}}`: a console lists a revocation for
    /// 90 days, so the reminder must come before that.
    private func storeImports(_ object: FileObject<App.StoreImports>?) throws(ServerError) -> [StoreName: Int] {
        guard let object else { return [:] }
        let entries = try object.get().entries
        var result: [StoreName: Int] = [:]
        for store in StoreName.installStores {
            guard let entry = entries[store.rawValue] else { continue }
            let days = try entry.get().maxAgeDays?.get() ?? 30
            guard (1...89).contains(days) else {
                throw ServerError.configuration(
                    entry.field("maxAgeDays"), "a whole number of days, 1 to 89 (the console keeps 90)")
            }
            result[store] = days
        }
        return result
    }
}
