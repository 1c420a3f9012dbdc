import AgeKitSimulator
import AgeSignals
import Foundation
import SignificantChanges
import Testing

/// One store contract, run against every backend.
@Suite("Synced key-value stores and the acknowledgment ledger")
struct LedgerTests {
    enum Backend: String, Sendable, CaseIterable {
        case inMemory, file, simulatedCloud
    }

    /// Two devices of one person sharing a store, and a way to let the second hear the first;
    /// the file they share, if any, goes with them.
    final class Devices {
        let first: any SyncedKeyValueStore
        let second: any SyncedKeyValueStore
        let sync: () throws -> Void
        let file: URL?

        init(
            first: any SyncedKeyValueStore, second: any SyncedKeyValueStore, file: URL? = nil,
            sync: @escaping () throws -> Void
        ) {
            self.first = first
            self.second = second
            self.file = file
            self.sync = sync
        }

        deinit { file.map { try? FileManager.default.removeItem(at: $0) } }
    }

    static func devices(_ backend: Backend) throws -> Devices {
        switch backend {
        case .inMemory:
            let second = InMemorySyncedStore()
            let first = InMemorySyncedStore { key, value in second.applyExternalChanges([key: value]) }
            return Devices(first: first, second: second, sync: {})
        case .file:
            let url = FileManager.default.temporaryDirectory
                .appendingPathComponent("agekit-ledger-\(UUID().uuidString).json")
            let first = try FileSyncedStore(url: url)
            let second = try FileSyncedStore(url: url)
            return Devices(first: first, second: second, file: url, sync: { try second.refresh() })
        case .simulatedCloud:
            let cloud = SyncedCloud(delivery: .manual)
            return Devices(first: cloud.device("phone"), second: cloud.device("tablet"), sync: { cloud.sync() })
        }
    }

    static let t0 = Date(timeIntervalSince1970: 1_781_773_200)

    @Test("values round-trip and removal works", arguments: Backend.allCases)
    func roundTrip(_ backend: Backend) throws {
        let store = try Self.devices(backend).first
        #expect(store.string(forKey: "k") == nil)
        store.set("v", forKey: "k")
        #expect(store.string(forKey: "k") == "v")
        store.set(nil, forKey: "k")
        #expect(store.string(forKey: "k") == nil)
    }

    @Test("another device's write is observed with its key", arguments: Backend.allCases)
    func observesOtherDevices(_ backend: Backend) throws {
        let devices = try Self.devices(backend)
        let seen = Locked<[String]>([])
        let observation = devices.second.observeExternalChanges { keys in seen.withLock { $0 += keys } }
        defer { observation.cancel() }
        devices.first.set("1", forKey: "shared")
        try devices.sync()
        #expect(seen.withLock { $0 } == ["shared"])
        #expect(devices.second.string(forKey: "shared") == "1")
    }

    @Test("a device's own writes are not reported as external", arguments: Backend.allCases)
    func ownWritesNotExternal(_ backend: Backend) throws {
        let devices = try Self.devices(backend)
        let count = Locked(0)
        let observation = devices.first.observeExternalChanges { _ in count.withLock { $0 += 1 } }
        defer { observation.cancel() }
        devices.first.set("x", forKey: "mine")
        try devices.sync()
        #expect(count.withLock { $0 } == 0)
    }

    @Test("a cancelled observation hears nothing", arguments: Backend.allCases)
    func cancelledObservation(_ backend: Backend) throws {
        let devices = try Self.devices(backend)
        let count = Locked(0)
        devices.second.observeExternalChanges { _ in count.withLock { $0 += 1 } }.cancel()
        devices.first.set("x", forKey: "k")
        try devices.sync()
        #expect(count.withLock { $0 } == 0)
    }

    @Test("consent is per change and per person", arguments: Backend.allCases)
    func perChangePerPerson(_ backend: Backend) throws {
        let store = try Self.devices(backend).first
        let alice = AcknowledgmentLedger(store: store, personID: "alice")
        let bob = AcknowledgmentLedger(store: store, personID: "bob")
        alice.recordResolution(.approved, for: "calls", at: Self.t0)
        #expect(alice.isResolved("calls"))
        #expect(!alice.isResolved("profiles"))
        #expect(!bob.isResolved("calls"))
        #expect(alice.entry(for: "calls").resolvedAt == Self.t0)
    }

    @Test("denials are recorded with their time and do not resolve", arguments: Backend.allCases)
    func denialsRecorded(_ backend: Backend) throws {
        let ledger = AcknowledgmentLedger(store: try Self.devices(backend).first, personID: "p")
        ledger.recordDenial(for: "calls", at: Self.t0)
        ledger.recordDenial(for: "calls", at: Self.t0.addingTimeInterval(60))
        let entry = ledger.entry(for: "calls")
        #expect(entry.denials == [Self.t0, Self.t0.addingTimeInterval(60)])
        #expect(!entry.isResolved)
        ledger.recordResolution(.approved, for: "calls", at: Self.t0.addingTimeInterval(120))
        #expect(ledger.entry(for: "calls").denials.count == 2)
        #expect(ledger.entry(for: "calls").resolution == .approved)
    }

    @Test("an approval on one device reaches the other device's ledger observer", arguments: Backend.allCases)
    func approvalReachesOtherDevice(_ backend: Backend) throws {
        let devices = try Self.devices(backend)
        let phone = AcknowledgmentLedger(store: devices.first, personID: "p")
        let tablet = AcknowledgmentLedger(store: devices.second, personID: "p")
        let heard = Locked<[String: LedgerEntry]>([:])
        let observation = tablet.observe { id, entry in heard.withLock { $0[id] = entry } }
        defer { observation.cancel() }
        phone.recordResolution(.approved, for: "calls", at: Self.t0)
        try devices.sync()
        #expect(heard.withLock { $0["calls"]?.resolution } == .approved)
        #expect(tablet.isResolved("calls"))
    }

    @Test("an unreadable stored value counts as nothing recorded")
    func corruptValue() {
        let store = InMemorySyncedStore()
        let ledger = AcknowledgmentLedger(store: store, personID: "p")
        store.set("{not json", forKey: ledger.key(for: "calls"))
        #expect(ledger.entry(for: "calls") == LedgerEntry())
    }

    @Test("the first resolution wins and merging keeps every denial")
    func entryMerge() {
        var first = LedgerEntry()
        first.recordDenial(at: Self.t0)
        first.resolve(.approved, at: Self.t0.addingTimeInterval(60))
        first.resolve(.acknowledged, at: Self.t0.addingTimeInterval(120))
        #expect(first.resolution == .approved)
        var second = LedgerEntry()
        second.recordDenial(at: Self.t0.addingTimeInterval(30))
        let merged = second.merged(with: first)
        #expect(merged.resolution == .approved)
        #expect(merged.denials == [Self.t0, Self.t0.addingTimeInterval(30)])
    }

    @Test("a file that is not a key-value object is an error, never emptied")
    func badFile() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("agekit-bad-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data("[1,2]".utf8).write(to: url)
        #expect(throws: SignificantChangesError(.storeUnavailable, "")) { try FileSyncedStore(url: url) }
        #expect(try Data(contentsOf: url) == Data("[1,2]".utf8))
    }

    @Test("a file store keeps what another process wrote when it writes")
    func fileMerge() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "agekit-merge-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: url) }
        let first = try FileSyncedStore(url: url)
        let second = try FileSyncedStore(url: url)
        first.set("1", forKey: "a")
        second.set("2", forKey: "b")
        let third = try FileSyncedStore(url: url)
        #expect(third.string(forKey: "a") == "1")
        #expect(third.string(forKey: "b") == "2")
    }
}
