import AppStoreServerAPI
import ConsentServer
import Foundation
import TestSupport
import Testing

@Suite struct ClientTests {
    @Test func pagesThroughFortyFiveNotificationsInThreePages() async throws {
        let fixture = try StandInFixture(count: 45)
        defer { fixture.standIn.stop() }
        let client = fixture.client()
        let request = fixture.lastWeek  // the same body with every token
        var token: String?
        var sizes: [Int] = []
        var payloads: [String] = []
        repeat {
            let page = try await client.notificationHistory(request, paginationToken: token)
            sizes.append(page.notificationHistory.count)
            payloads += page.notificationHistory.map(\.signedPayload)
            token = page.hasMore ? page.paginationToken : nil
        } while token != nil
        #expect(sizes == [20, 20, 5])
        #expect(Set(payloads).count == 45)
        #expect(fixture.standIn.requests.filter { $0 == "POST /inApps/v1/notifications/history" }.count == 3)
    }

    @Test func rateLimitedThenSucceedsAfterRetryAfter() async throws {
        let fixture = try StandInFixture(count: 3)
        defer { fixture.standIn.stop() }
        fixture.standIn.inject {
            $0.rateLimited = 2
            $0.retryAfterSeconds = 0.05
        }
        let clock = SleepRecordingClock()
        let page = try await fixture.client(clock: clock).notificationHistory(fixture.lastWeek)
        #expect(page.notificationHistory.count == 3)
        #expect(clock.sleeps.count == 2)
        // Waited what Retry-After said (a UNIX time in ms, ~50 ms ahead), not a generic backoff.
        #expect(clock.sleeps.allSatisfy { $0 <= 0.06 })
    }

    @Test func rateLimitOutlastingTheRetriesIsReportedWithRetryAfter() async throws {
        let fixture = try StandInFixture(count: 3)
        defer { fixture.standIn.stop() }
        fixture.standIn.inject {
            $0.rateLimited = 10
            $0.retryAfterSeconds = 300
        }
        let client = fixture.client(retryPolicy: RetryPolicy(maxAttempts: 3, maxRetryAfter: 5))
        let started = Date()
        let error = await #expect(throws: AppStoreServerAPIError(.rateLimited, "")) {
            try await client.notificationHistory(fixture.lastWeek)
        }
        #expect(error?.httpStatus == 429)
        #expect(error?.appleErrorCode == 4_290_000)
        // Retry-After is a moment (UNIX time in ms), reported as the seconds left from then:
        // on a busy machine the request itself may take a while.
        let elapsed = Date().timeIntervalSince(started)
        #expect((error?.retryAfter ?? 0) > 299 - elapsed && (error?.retryAfter ?? 0) <= 300.5)
        #expect(fixture.standIn.requests.count == 1)  // 300 s is over the 5 s the policy waits
    }

    @Test func serverErrorOnceIsRetried() async throws {
        let fixture = try StandInFixture(count: 3)
        defer { fixture.standIn.stop() }
        fixture.standIn.inject { $0.serverErrors = 1 }
        let page = try await fixture.client().notificationHistory(fixture.lastWeek)
        #expect(page.notificationHistory.count == 3)
        #expect(fixture.standIn.requests.count == 2)
    }

    @Test func persistentServerErrorsGiveUpAfterTheBound() async throws {
        let fixture = try StandInFixture(count: 3)
        defer { fixture.standIn.stop() }
        fixture.standIn.inject { $0.serverErrors = 100 }
        let client = fixture.client(retryPolicy: RetryPolicy(maxAttempts: 3, baseDelay: 0.001))
        await #expect(throws: AppStoreServerAPIError(.serverError, "")) {
            try await client.notificationHistory(fixture.lastWeek)
        }
        #expect(fixture.standIn.requests.count == 3)
    }

    @Test func expiredPaginationTokenIsAClearError() async throws {
        let fixture = try StandInFixture(count: 25)
        defer { fixture.standIn.stop() }
        let client = fixture.client()
        let request = fixture.lastWeek
        let first = try await client.notificationHistory(request)
        fixture.standIn.inject { $0.expiredTokens = 1 }
        let error = await #expect(throws: AppStoreServerAPIError(.paginationTokenExpired, "")) {
            try await client.notificationHistory(request, paginationToken: first.paginationToken)
        }
        #expect(error?.appleErrorCode == 4_000_017)
        #expect(error?.reason.contains("expired") == true)
    }

    @Test func tokenFromAnotherRequestBodyIsInvalid() async throws {
        let fixture = try StandInFixture(count: 25)
        defer { fixture.standIn.stop() }
        let client = fixture.client()
        let request = fixture.lastWeek
        let first = try await client.notificationHistory(request)
        var other = request
        other.onlyFailures = true
        await #expect(throws: AppStoreServerAPIError(.invalidPaginationToken, "")) {
            try await client.notificationHistory(other, paginationToken: first.paginationToken)
        }
    }

    @Test func malformedPageIsMalformedResponse() async throws {
        let fixture = try StandInFixture(count: 25)
        defer { fixture.standIn.stop() }
        fixture.standIn.inject { $0.malformedPage = 1 }
        await #expect(throws: AppStoreServerAPIError(.malformedResponse, "")) {
            try await fixture.client().notificationHistory(fixture.lastWeek)
        }
    }

    @Test func wrongKeyIsUnauthorized() async throws {
        let fixture = try StandInFixture(count: 1)
        defer { fixture.standIn.stop() }
        var credentials = fixture.credentials
        credentials.signingKey = APISigningKey.generateP256()
        await #expect(throws: AppStoreServerAPIError(.unauthorized, "")) {
            try await fixture.client(credentials: credentials).notificationHistory(fixture.lastWeek)
        }
        credentials = fixture.credentials
        credentials.bundleId = "com.example.other"
        await #expect(throws: AppStoreServerAPIError(.unauthorized, "")) {
            try await fixture.client(credentials: credentials).notificationHistory(fixture.lastWeek)
        }
    }

    @Test func nothingListeningIsNetworkAfterRetries() async throws {
        let fixture = try StandInFixture(count: 0)
        let url = fixture.standIn.baseURL
        fixture.standIn.stop()
        let client = AppStoreServerAPIClient(
            credentials: fixture.credentials, environment: .sandbox, baseURL: url, transport: HTTPClientTransport(),
            retryPolicy: RetryPolicy(maxAttempts: 2, baseDelay: 0.001), timeout: 5, clock: SleepRecordingClock())
        await #expect(throws: AppStoreServerAPIError(.network, "")) {
            try await client.notificationHistory(fixture.lastWeek)
        }
    }

    @Test func testNotificationRequestAndStatus() async throws {
        let fixture = try StandInFixture(count: 0)
        defer { fixture.standIn.stop() }
        let client = fixture.client()
        let token = try await client.requestTestNotification()
        let status = try await client.testNotificationStatus(token: token)
        #expect(status.delivered)
        #expect(status.signedPayload?.isEmpty == false)
        await #expect(throws: AppStoreServerAPIError(.notFound, "")) {
            try await client.testNotificationStatus(token: "unknown-token")
        }
    }
}

@Suite struct HistoryWindowTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)
    static let day = 86_400.0

    /// (environment, days back of the start, the code, or nil when allowed).
    @Test(
        arguments: [
            (APIEnvironment.production, 179.9, nil), (.production, 181, "start_date_too_far_in_past"),
            (.sandbox, 29.9, nil), (.sandbox, 31, "start_date_too_far_in_past"), (.sandbox, 0.5, nil),
        ] as [(APIEnvironment, Double, String?)])
    func startMayReachBackOnlyTheEnvironmentsWindow(environment: APIEnvironment, daysBack: Double, code: String?) {
        let request = NotificationHistoryRequest(
            startDate: Self.now.addingTimeInterval(-daysBack * Self.day), endDate: Self.now)
        do {
            try request.validate(environment: environment, now: Self.now)
            #expect(code == nil)
        } catch {
            #expect(error.code.rawValue == code)
        }
    }

    @Test func endBeforeStartIsRefused() {
        let request = NotificationHistoryRequest(startDate: Self.now, endDate: Self.now.addingTimeInterval(-60))
        #expect(throws: AppStoreServerAPIError(.startDateAfterEndDate, "")) {
            try request.validate(environment: .sandbox, now: Self.now)
        }
    }

    @Test func clientRefusesBeforeCalling() async throws {
        let fixture = try StandInFixture(count: 0)
        defer { fixture.standIn.stop() }
        let request = NotificationHistoryRequest(startDate: Date().addingTimeInterval(-40 * Self.day), endDate: Date())
        await #expect(throws: AppStoreServerAPIError(.startDateTooFarInPast, "")) {
            try await fixture.client().notificationHistory(request)
        }
        #expect(fixture.standIn.requests.isEmpty)
    }
}

/// Answers every request with one canned response, without a socket.
struct CannedTransport: APITransport {
    let response: APIHTTPResponse
    func send(_ request: APIHTTPRequest, timeout: TimeInterval) async throws -> APIHTTPResponse { response }
}

@Suite struct ErrorMappingTests {
    func error(status: Int, headers: [String: String] = [:], body: String) async -> AppStoreServerAPIError? {
        let client = AppStoreServerAPIClient(
            credentials: APICredentials(keyId: "K", issuerId: "I", bundleId: "B", signingKey: .generateP256()),
            environment: .production,
            transport: CannedTransport(
                response: APIHTTPResponse(status: status, headers: headers, body: Data(body.utf8))),
            retryPolicy: .never, clock: TestClock(milliseconds: 1_800_000_000_000))
        do {
            _ = try await client.requestTestNotification()
            return nil
        } catch {
            return error
        }
    }

    @Test(arguments: [
        ("3", 3.0), ("1800000002500", 2.5), ("1800000004", 4.0), ("Fri, 15 Jan 2027 08:00:05 GMT", 5.0),
    ])
    func retryAfterReadsSecondsUnixTimesAndHTTPDates(header: String, seconds: Double) async {
        let error = await error(status: 429, headers: ["retry-after": header], body: #"{"errorCode":4290000}"#)
        #expect(error?.code == .rateLimited)
        #expect(error?.retryAfter == seconds)
    }

    /// Apple's numeric codes win over the status; the status decides otherwise.
    @Test(arguments: [
        (400, #"{"errorCode":4000012,"errorMessage":"x"}"#, "start_date_too_far_in_past"),
        (400, #"{"errorCode":4000013,"errorMessage":"x"}"#, "start_date_after_end_date"),
        (400, #"{"errorCode":4000014,"errorMessage":"x"}"#, "invalid_pagination_token"),
        (400, #"{"errorCode":4000017,"errorMessage":"x"}"#, "pagination_token_expired"),
        (400, #"{"errorCode":4000018,"errorMessage":"x"}"#, "bad_request"),
        (401, "", "unauthorized"),
        (404, #"{"errorCode":4040008,"errorMessage":"x"}"#, "not_found"),
        (429, "", "rate_limited"),
        (500, #"{"errorCode":5000000,"errorMessage":"x"}"#, "server_error"),
        (503, "<html>", "server_error"),
        (200, "{}", "malformed_response"),
    ])
    func answersMapToStableCodes(status: Int, body: String, code: String) async {
        #expect(await error(status: status, body: body)?.code.rawValue == code)
    }
}
