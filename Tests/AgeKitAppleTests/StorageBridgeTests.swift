#if AGEKIT_APPLE_MIRROR
    import AgeGating
    @testable import AgeKitApple
    import AppleMirrorSystem
    @preconcurrency import AppleMirrorFoundation
    @preconcurrency import AppTrackingTransparency
    @preconcurrency import DeclaredAgeRange
    @preconcurrency import PermissionKit
    @preconcurrency import StoreKit
    @preconcurrency import UIKit
    import AgeSignals
    import Foundation
    import SignificantChanges
    import Testing

    @Suite("Storage bridges", .timeLimit(.minutes(1)))
    struct StorageBridgeTests {
        @Test("an approval written on another device arrives as an external change and ends the flow here")
        func externalChangeEndsFlow() async {
            let device = MirrorSystem()
            device.permissionKit.ask = .value(())
            await onMirror(device) {
                let store = UbiquitousKeyValueStore()
                #expect(device.keyValueStore.synchronizeCalls == 1)
                let center = SystemPermissionCenter(store: InMemoryKeyValueStore(), anchor: Harness.anchor)
                let (actions, report) = AsyncStream.makeStream(of: SignificantChangeFlow.Action.self)
                let driver = PermissionKitBridgeTests.driver(
                    center: center, store: store, onAction: { report.yield($0) })
                await driver.start(subject: .minor, features: PermissionKitBridgeTests.parental)
                #expect(await driver.flow.blockedScope != nil)
                // The other device (its own ledger on its own store) records the approval.
                let other = InMemorySyncedStore()
                let ledger = AcknowledgmentLedger(store: other, personID: "kid")
                ledger.recordResolution(.approved, for: "seller-chat", at: Date(timeIntervalSince1970: 1_781_780_000))
                let key = ledger.key(for: "seller-chat")
                let value = other.string(forKey: key) ?? ""
                #expect(!value.isEmpty)
                device.keyValueStore.applyExternalChanges([key: value])
                #expect(
                    await Harness.eventually(after: actions) {
                        await driver.flow.progress("seller-chat")?.status == .approved
                    })
                #expect(await driver.flow.blockedScope == nil)
                await driver.stop()
            }
        }

        @Test("a write on this device is not reported back as an external change")
        func ownWritesAreNotExternal() async {
            let device = MirrorSystem()
            await onMirror(device) {
                let store = UbiquitousKeyValueStore()
                let heard = HeardKeys()
                let observation = store.observeExternalChanges { keys in heard.add(keys) }
                store.set("x", forKey: "agekit.changes/kid/a")
                #expect(store.string(forKey: "agekit.changes/kid/a") == "x")
                device.keyValueStore.applyExternalChanges(["agekit.changes/kid/b": "y"])
                observation.cancel()
                device.keyValueStore.applyExternalChanges(["agekit.changes/kid/c": "z"])
                #expect(heard.keys == ["agekit.changes/kid/b"])
                store.set(nil, forKey: "agekit.changes/kid/a")
                #expect(store.string(forKey: "agekit.changes/kid/a") == nil)
            }
        }

        @Test("the gate's record round-trips through UserDefaults, and nil removes it")
        func userDefaults() throws {
            let suite = "agekit.tests.\(UUID().uuidString)"
            let defaults = try #require(UserDefaults(suiteName: suite))
            let store = UserDefaultsKeyValueStore(defaults)
            let policy = AgePolicy.known(
                tier: AgeTier(lowerBound: 16, gates: Harness.gates), source: .guardianDeclared,
                communicationLimited: true)
            try AgeRecord.save(policy, to: store)
            #expect(AgeRecord.load(from: UserDefaultsKeyValueStore(defaults), gates: Harness.gates) == policy)
            try store.set(nil, forKey: AgeRecord.key)
            #expect(store.string(forKey: AgeRecord.key) == nil)
            defaults.removePersistentDomain(forName: suite)
        }
    }

    final class HeardKeys: Sendable {
        private let heard = Locked<[String]>([])
        func add(_ keys: [String]) { heard.withLock { $0 += keys } }
        var keys: [String] { heard.withLock { $0 } }
    }
#endif
