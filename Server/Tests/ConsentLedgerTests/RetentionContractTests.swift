import ConsentLedger
import Foundation
import Testing

@Suite("Ledger contract: retention")
struct RetentionContractTests {
    static func notification(_ uuid: String) -> NotificationRecord {
        NotificationRecord(
            uuid: uuid, bundleId: "com.example.app", environment: "Sandbox", type: "TEST", signedDate: 800,
            signedPayload: ArraySlice(PackedStorageContractTests.signed(uuid).utf8))
    }

    @Test(
        "payloads received before the cut are emptied in batches, later ones kept, and a pruned UUID stays a duplicate",
        arguments: StoreBackend.allCases)
    func payloadsPruned(backend: StoreBackend) throws {
        let ledger = try backend.makeLedger()
        defer { ledger.close() }
        let old = (1...1_203).map { "OLD-\($0)" }  // more than two batches
        for uuid in old { _ = try ledger.recordNow(Self.notification(uuid), at: 1_000) }
        _ = try ledger.recordNow(Self.notification("NEW"), at: 5_000)

        let report = try ledger.prune(deliveredBefore: 0, payloadsReceivedBefore: 5_000)
        #expect(report.payloads == old.count)
        #expect(report.deliveredOutboxRows == 0)
        let pruned = try #require(try ledger.notification(uuid: "OLD-7"))
        #expect(pruned.signedPayload == nil)
        #expect(pruned.notificationType == "TEST" && pruned.receivedAt == 1_000)
        #expect(try ledger.notification(uuid: "NEW")?.signedPayload == PackedStorageContractTests.signed("NEW"))
        #expect(try ledger.recordNow(Self.notification("OLD-7"), at: 9_000) == .duplicate)
        #expect(try ledger.prune(deliveredBefore: 0, payloadsReceivedBefore: 5_000).payloads == 0, "pruned twice")
        #expect(try ledger.prune(deliveredBefore: 0, payloadsReceivedBefore: nil).payloads == 0)
    }
}
