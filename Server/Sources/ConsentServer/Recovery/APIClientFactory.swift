import AppStoreServerAPI
import Foundation

/// Builds the App Store Server API client for one app and environment from its `"api"`
/// configuration, naming the field when something is missing.
package enum APIClientFactory {
    package static func client(
        for app: AppConfiguration, index: Int? = nil, environment: APIEnvironment,
        transport: any APITransport = HTTPClientTransport(), retryPolicy: RetryPolicy = RetryPolicy()
    ) throws(ServerError) -> AppStoreServerAPIClient {
        let field = index.map { "apps[\($0)].api" } ?? "api"
        guard let api = app.api else {
            throw ServerError.configuration(field, "app \(app.bundleId) has no App Store Server API key configured")
        }
        let credentials: APICredentials
        do {
            credentials = try APICredentials(
                keyId: api.keyId, issuerId: api.issuerId, bundleId: app.bundleId, privateKeyPath: api.privateKey)
        } catch {
            throw ServerError.configuration("\(field).privateKey", error.reason)
        }
        var baseURL: URL?
        if let text = api.baseURL {
            guard let url = URL(string: text), url.scheme == "https" || url.scheme == "http", url.host != nil else {
                throw ServerError.configuration("\(field).baseURL", "'\(text)' is not an http(s) URL")
            }
            baseURL = url
        }
        return AppStoreServerAPIClient(
            credentials: credentials, environment: environment, baseURL: baseURL, transport: transport,
            retryPolicy: retryPolicy)
    }
}
