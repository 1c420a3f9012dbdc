import AppStoreServerAPI
import AppStoreSignedData
import Foundation
import Testing

/// Get App Transaction Info against the stand-in: the signed app transaction comes back as
/// signed, and Apple's error codes map through the one table.
@Suite struct AppTransactionInfoClientTests {
    @Test func knownTransactionIdGivesTheSignedAppTransaction() async throws {
        let fixture = try StandInFixture(count: 0)
        defer { fixture.standIn.stop() }
        let signed = try SimulatedPayloads.appTransaction(
            appTransactionId: "705000000000001", bundleId: StandInFixture.bundleId, environment: .sandbox,
            ca: fixture.ca)
        fixture.standIn.serveAppTransaction(signed, for: "2000000000000001")
        let answer = try await fixture.client().appTransactionInfo(transactionId: "2000000000000001")
        #expect(answer == signed)
        let verified = try SignedDataVerifier(anchors: [fixture.ca.rootAnchor]).verifyAppTransaction(answer)
        #expect(verified.appTransactionId == "705000000000001")
        #expect(fixture.standIn.appTransactionLookups(of: "2000000000000001") == 1)
    }

    @Test func appleErrorCodesMapToTheirOwnCodes() async throws {
        let fixture = try StandInFixture(count: 0)
        defer { fixture.standIn.stop() }
        fixture.standIn.serveNoAppTransaction(for: "2000000000000002")
        let client = fixture.client()
        let cases: [(String, AppStoreServerAPIError.Code, Int, Int64)] = [
            ("2000000000000009", .transactionIdNotFound, 404, 4_040_010),
            ("2000000000000002", .appTransactionDoesNotExist, 404, 4_040_019),
            ("not-a-transaction", .invalidTransactionId, 400, 4_000_006),
        ]
        for (transactionId, code, status, appleCode) in cases {
            let error = await #expect(throws: AppStoreServerAPIError(code, "")) {
                try await client.appTransactionInfo(transactionId: transactionId)
            }
            #expect(error?.httpStatus == status)
            #expect(error?.appleErrorCode == appleCode)
            #expect(error?.isFinalMiss == true)
            #expect(error?.isRetryable == false)
        }
        // A final answer is not asked again by the client itself.
        #expect(fixture.standIn.appTransactionLookups(of: "2000000000000009") == 1)
    }

    @Test func rateLimitWaitsRetryAfterAndAWrongKeyIsUnauthorized() async throws {
        let fixture = try StandInFixture(count: 0)
        defer { fixture.standIn.stop() }
        let signed = try SimulatedPayloads.appTransaction(
            appTransactionId: "705000000000003", bundleId: StandInFixture.bundleId, environment: .sandbox,
            ca: fixture.ca)
        fixture.standIn.serveAppTransaction(signed, for: "2000000000000003")
        fixture.standIn.inject {
            $0.rateLimited = 1
            $0.retryAfterSeconds = 0.05
        }
        let clock = SleepRecordingClock()
        #expect(
            try await fixture.client(clock: clock).appTransactionInfo(transactionId: "2000000000000003") == signed)
        #expect(clock.sleeps.count == 1 && clock.sleeps.allSatisfy { $0 <= 0.06 })

        var credentials = fixture.credentials
        credentials.signingKey = APISigningKey.generateP256()
        let error = await #expect(throws: AppStoreServerAPIError(.unauthorized, "")) {
            try await fixture.client(credentials: credentials).appTransactionInfo(transactionId: "2000000000000003")
        }
        #expect(error?.reason.contains("key id, issuer id, bundle id and private key") == true)
    }

    @Test func emptyTransactionIdIsRefusedBeforeCalling() async throws {
        let fixture = try StandInFixture(count: 0)
        defer { fixture.standIn.stop() }
        await #expect(throws: AppStoreServerAPIError(.invalidArgument, "")) {
            try await fixture.client().appTransactionInfo(transactionId: "")
        }
        #expect(fixture.standIn.requests.isEmpty)
    }
}
