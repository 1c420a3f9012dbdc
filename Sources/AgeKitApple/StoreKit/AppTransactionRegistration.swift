import AgeSignals
import Foundation

/// The request that links an install to the app's account at `agekit serve`
/// (`POST /v1/apps/{bundleId}/app-transactions`): built here as a value, sent by the caller.
/// AgeKit's app side does no networking; the request carries the admin token, so in
/// production the app's own backend sends it, and only a local test setup sends it from the
/// app.
public struct AppTransactionRegistration: Hashable, Sendable {
    /// The HTTP method of the request (`POST`).
    public let method = "POST"
    /// Where the request goes: the server's app-transactions route for the bundle id.
    public let url: URL
    /// The request's headers: the admin token and the JSON content type.
    public let headers: [String: String]
    /// The JSON body: the account id and the signed app transaction.
    public let body: Data

    /// - Parameters:
    ///   - server: the server's base URL, such as `http://127.0.0.1:8080`.
    ///   - bundleID: the app's bundle id, as configured in `agekit serve`.
    ///   - accountID: the app's own account id for the person signed in.
    ///   - signedAppTransaction: `AppTransactionInfo.jwsRepresentation`.
    ///   - adminToken: the server's admin token.
    public init(
        server: URL, bundleID: String, accountID: String, signedAppTransaction: String, adminToken: String
    ) throws(AgeKitAppleError) {
        guard !bundleID.isEmpty, !accountID.isEmpty else {
            throw AgeKitAppleError(.invalidInput, "the bundle id and the account id must not be empty")
        }
        guard !signedAppTransaction.isEmpty else {
            throw AgeKitAppleError(.invalidInput, "the signed app transaction is empty")
        }
        guard !bundleID.contains("/") else {
            throw AgeKitAppleError(.invalidInput, "the bundle id '\(bundleID)' contains '/'")
        }
        self.url = server.appendingPathComponent("v1").appendingPathComponent("apps")
            .appendingPathComponent(bundleID).appendingPathComponent("app-transactions")
        self.headers = ["Authorization": "Bearer \(adminToken)", "Content-Type": "application/json"]
        let fields = ["accountId": accountID, "signedAppTransaction": signedAppTransaction]
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        self.body = (try? encoder.encode(fields)) ?? Data()
    }
}

/// Sends a registration; the example app's is a `URLSession` call. Kept a protocol so this
/// module needs no networking.
public protocol RegistrationTransport: Sendable {
    /// Returns the HTTP status code and the body.
    func send(_ registration: AppTransactionRegistration) async throws -> (status: Int, body: Data)
}
