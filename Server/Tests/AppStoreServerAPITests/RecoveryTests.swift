import AppStoreServerAPI
import AppStoreSignedData
import ConsentLedger
import ConsentServer
import Foundation
import Synchronization
import TestSupport
import Testing

@Suite struct RecoveryTests {
    @Test func firstSyncStoresEverythingSecondFindsOnlyDuplicates() async throws {
        let fixture = try StandInFixture(count: 45)
        defer { fixture.standIn.stop() }
        let (intake, ledger) = try fixture.intake()
        defer { ledger.close() }
        let sync = HistorySync(source: fixture.client(), intake: intake)
        let request = fixture.lastWeek

        let first = await sync.run(request)
        #expect(first.failure == nil)
        #expect((first.pages, first.new, first.duplicate, first.rejected) == (3, 45, 0, 0))
        #expect(try ledger.notificationCount() == 45)
        for uuid in fixture.uuids { #expect(try ledger.notification(uuid: uuid) != nil) }

        let second = await sync.run(request)
        #expect((second.pages, second.new, second.duplicate, second.rejected) == (3, 0, 45, 0))
        #expect(try ledger.notificationCount() == 45)
    }

    @Test func forgedPayloadInAPageIsRejectedAndNotStored() async throws {
        let forger = try StandInFixture.makeCA()
        let forgedUUID = UUID().uuidString.lowercased()
        let forged = try SimulatedPayloads.notification(
            type: "RESCIND_CONSENT", subtype: nil, bundleId: StandInFixture.bundleId, environment: .sandbox,
            appTransactionId: "AT-forged", notificationUUID: forgedUUID, ca: forger)
        let fixture = try StandInFixture(count: 45, extra: [forged])
        defer { fixture.standIn.stop() }
        let (intake, ledger) = try fixture.intake()
        defer { ledger.close() }

        let report = await HistorySync(source: fixture.client(), intake: intake).run(fixture.lastWeek)
        #expect((report.new, report.duplicate, report.rejected) == (45, 0, 1))
        #expect(report.rejectionCodes.count == 1)
        #expect(try ledger.notification(uuid: forgedUUID) == nil)
        #expect(try ledger.notificationCount() == 45)
    }

    @Test func expiredTokenMidwayStartsOverOnce() async throws {
        let fixture = try StandInFixture(count: 45)
        defer { fixture.standIn.stop() }
        let (intake, ledger) = try fixture.intake()
        defer { ledger.close() }
        fixture.standIn.inject { $0.expiredTokens = 1 }
        let report = await HistorySync(source: fixture.client(), intake: intake).run(fixture.lastWeek)
        #expect(report.failure == nil)
        #expect(report.restarts == 1)
        #expect((report.new, report.duplicate) == (45, 20))  // page 1 was fed twice
        #expect(try ledger.notificationCount() == 45)
    }

    @Test func tokensThatKeepExpiringEndWithTheError() async throws {
        let fixture = try StandInFixture(count: 45)
        defer { fixture.standIn.stop() }
        let (intake, ledger) = try fixture.intake()
        defer { ledger.close() }
        fixture.standIn.inject { $0.expiredTokens = 5 }
        let report = await HistorySync(source: fixture.client(), intake: intake).run(fixture.lastWeek)
        #expect(report.failure?.code == .paginationTokenExpired)
        #expect(report.new == 20)
    }

    @Test func malformedPageStopsWithPartialCounts() async throws {
        let fixture = try StandInFixture(count: 45)
        defer { fixture.standIn.stop() }
        let (intake, ledger) = try fixture.intake()
        defer { ledger.close() }
        fixture.standIn.inject { $0.malformedPage = 2 }
        let report = await HistorySync(source: fixture.client(), intake: intake).run(fixture.lastWeek)
        #expect(report.failure?.code == .malformedResponse)
        #expect((report.pages, report.new) == (1, 20))
        #expect(try ledger.notificationCount() == 20)
    }

    @Test func scheduleInsideServeRecoversOnStart() async throws {
        let fixture = try StandInFixture(count: 45)
        defer { fixture.standIn.stop() }
        let (intake, ledger) = try fixture.intake()
        defer { ledger.close() }
        let keyFile = try TemporaryKeyFile(fixture.key)
        defer { keyFile.remove() }
        let app = AppConfiguration(
            bundleId: StandInFixture.bundleId, environments: ["Sandbox"],
            api: APIAccessConfiguration(
                keyId: StandInFixture.keyId, issuerId: StandInFixture.issuerId, privateKey: keyFile.path,
                baseURL: fixture.standIn.baseURL.absoluteString),
            historySync: HistorySyncConfiguration(intervalMinutes: 60, lookbackHours: 24))
        let lines = Mutex(0)
        let said = DispatchSemaphore(value: 0)
        let schedule = try #require(
            try HistorySyncSchedule(
                apps: [app], intake: intake,
                say: { _ in
                    lines.withLock { $0 += 1 }
                    said.signal()
                }))
        #expect(schedule.summary == ["  history sync com.example.agekit Sandbox: every 60 min over the last 24 h"])
        schedule.start()
        // The first run needs a thread of Swift concurrency's pool, which other tests' blocking
        // waits can hold for a minute or more on two cores: the bound matters only when it never comes.
        _ = await onOwnThread { said.wait(timeout: .now() + 300) }
        schedule.stop()
        #expect(lines.withLock { $0 } == 1)
        #expect(try ledger.notificationCount() == 45)
    }

    @Test func noScheduleWithoutHistorySync() throws {
        let fixture = try StandInFixture(count: 0)
        defer { fixture.standIn.stop() }
        let (intake, ledger) = try fixture.intake()
        defer { ledger.close() }
        let apps = [AppConfiguration(bundleId: "com.example.agekit", environments: ["Sandbox"])]
        #expect(try HistorySyncSchedule(apps: apps, intake: intake, say: { _ in }) == nil)
    }
}

/// A `.p8` file holding `key`, removed by ``remove()``.
struct TemporaryKeyFile {
    let path: String

    init(_ key: APISigningKey) throws {
        path = TestScratch.root.appendingPathComponent("AuthKey_\(UUID().uuidString).p8").path
        try key.pkcs8PEM.write(toFile: path, atomically: true, encoding: .utf8)
    }

    func remove() { try? FileManager.default.removeItem(atPath: path) }
}
