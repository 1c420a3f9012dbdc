import Foundation
import ServerTime

/// The App Store Server API endpoints AgeKit needs: notification history, test
/// notifications and app transaction info. Every call carries a fresh-enough JWT, is retried per ``RetryPolicy``, and
/// fails with one ``AppStoreServerAPIError``.
package struct AppStoreServerAPIClient: Sendable {
    package let environment: APIEnvironment
    /// Apple's host for ``environment`` unless overridden (the local stand-in in tests).
    package let baseURL: URL
    package let tokens: TokenIssuer
    package let retryPolicy: RetryPolicy
    /// Seconds one HTTP exchange may take.
    package let timeout: TimeInterval
    let transport: any APITransport
    /// The time requests are checked against and the retries' delays are slept on.
    let clock: any ServerClock

    package init(
        credentials: APICredentials, environment: APIEnvironment, baseURL: URL? = nil,
        transport: any APITransport, retryPolicy: RetryPolicy = RetryPolicy(),
        tokenLifetime: TimeInterval = 300, timeout: TimeInterval = 30,
        clock: any ServerClock = SystemClock()
    ) {
        self.environment = environment
        self.baseURL = baseURL ?? environment.baseURL
        self.tokens = TokenIssuer(credentials: credentials, lifetime: tokenLifetime, clock: clock)
        self.transport = transport
        self.retryPolicy = retryPolicy
        self.timeout = timeout
        self.clock = clock
    }

    // MARK: - Endpoints

    /// Get Notification History: one page. Pass the previous page's token for the next one,
    /// with the same request. The request is checked locally first (window, dates).
    package func notificationHistory(
        _ request: NotificationHistoryRequest, paginationToken: String? = nil
    ) async throws(AppStoreServerAPIError) -> NotificationHistoryPage {
        try request.validate(environment: environment, now: clock.date())
        var path = "/inApps/v1/notifications/history"
        if let paginationToken {
            path += "?paginationToken=" + Self.queryEscaped(paginationToken)
        }
        let response = try await call("POST", path, body: request.jsonBody())
        return try decode(NotificationHistoryPage.self, from: response, what: "notification history page")
    }

    /// Request a Test Notification: Apple sends a `TEST` notification to the app's URL for
    /// this environment. Returns the token to ask about it.
    package func requestTestNotification() async throws(AppStoreServerAPIError) -> String {
        let response = try await call("POST", "/inApps/v1/notifications/test", body: nil)
        let answer = try decode(TestNotificationToken.self, from: response, what: "test notification token")
        guard !answer.testNotificationToken.isEmpty else {
            throw AppStoreServerAPIError(.malformedResponse, "the test notification token is empty")
        }
        return answer.testNotificationToken
    }

    /// Get Test Notification Status.
    package func testNotificationStatus(token: String) async throws(AppStoreServerAPIError) -> TestNotificationStatus {
        let response = try await call("GET", "/inApps/v1/notifications/test/" + Self.pathEscaped(token), body: nil)
        return try decode(TestNotificationStatus.self, from: response, what: "test notification status")
    }

    /// Get App Transaction Info: the signed app transaction of the customer who made
    /// `transactionId` (any of their transaction ids works). Returned as signed: the caller
    /// verifies it like any app transaction before trusting a field of it.
    package func appTransactionInfo(transactionId: String) async throws(AppStoreServerAPIError) -> String {
        guard !transactionId.isEmpty else {
            throw AppStoreServerAPIError(.invalidArgument, "the transaction id is empty")
        }
        let response = try await call(
            "GET", "/inApps/v1/transactions/appTransactions/" + Self.pathEscaped(transactionId), body: nil)
        let answer = try decode(AppTransactionInfoResponse.self, from: response, what: "app transaction info")
        guard !answer.signedAppTransactionInfo.isEmpty else {
            throw AppStoreServerAPIError(.malformedResponse, "the signed app transaction is empty")
        }
        return answer.signedAppTransactionInfo
    }

    // MARK: - Plumbing

    private func call(
        _ method: String, _ path: String, body: Data?
    ) async throws(AppStoreServerAPIError)
        -> APIHTTPResponse
    {
        guard let url = URL(string: baseURL.absoluteString.trimmingSuffix("/") + path) else {
            throw AppStoreServerAPIError(.invalidArgument, "cannot form a URL from \(baseURL) and \(path)")
        }
        var attempt = 1
        while true {
            let error: AppStoreServerAPIError
            do {
                return try await once(method, url, body: body)
            } catch let failure {
                error = failure
            }
            guard let delay = retryPolicy.delay(after: error, attempt: attempt, jitter: Double.random(in: 0..<1)) else {
                throw error
            }
            await clock.sleep(seconds: delay)
            attempt += 1
        }
    }

    private func once(
        _ method: String, _ url: URL, body: Data?
    ) async throws(AppStoreServerAPIError)
        -> APIHTTPResponse
    {
        var headers = [
            "Authorization": "Bearer " + (try tokens.token()), "Accept": "application/json",
            "User-Agent": "agekit",
        ]
        if body != nil { headers["Content-Type"] = "application/json" }
        let request = APIHTTPRequest(method: method, url: url, headers: headers, body: body)
        let response: APIHTTPResponse
        do {
            response = try await transport.send(request, timeout: timeout)
        } catch {
            throw AppStoreServerAPIError(
                .network, "\(method) \(url.host ?? url.absoluteString): \(error.localizedDescription)")
        }
        guard (200..<300).contains(response.status) else { throw ErrorMapping.error(for: response, now: clock.date()) }
        return response
    }

    private func decode<T: Decodable>(
        _ type: T.Type, from response: APIHTTPResponse, what: String
    )
        throws(AppStoreServerAPIError) -> T
    {
        do {
            return try JSONDecoder().decode(type, from: response.body)
        } catch {
            throw AppStoreServerAPIError(
                .malformedResponse, "the \(what) is not the documented JSON (\(response.body.count) bytes)",
                httpStatus: response.status)
        }
    }

    static func queryEscaped(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }

    static func pathEscaped(_ text: String) -> String { queryEscaped(text) }
}

extension String {
    fileprivate func trimmingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
    }
}
