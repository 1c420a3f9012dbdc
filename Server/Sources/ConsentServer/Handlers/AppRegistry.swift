import AppStoreSignedData

/// The apps this server accepts payloads for, by bundle id.
package struct AppRegistry: Sendable {
    package let apps: [String: AppConfiguration]

    package init(_ apps: [AppConfiguration]) {
        self.apps = Dictionary(apps.map { ($0.bundleId, $0) }, uniquingKeysWith: { first, _ in first })
    }

    package subscript(bundleId: String) -> AppConfiguration? { apps[bundleId] }

    /// What a payload for this app must say about itself.
    func identity(of app: AppConfiguration) -> AppIdentity {
        AppIdentity(
            bundleId: app.bundleId, appAppleId: app.appAppleId,
            environments: Set(app.environments.map(Environment.init(rawValue:))))
    }
}
