import AgeSignals
import Foundation
import Testing

@testable import AgeGating

@Suite("what is stored: tier, declaration source, one boolean")
struct WhatIsStoredTests {
    static let gates = try! AgeGates([13, 16, 18])

    static let answers: [AgePolicy] =
        AgeTier.all(for: gates).flatMap { tier in
            TrustLevel.allCases.flatMap { source in
                [false, true].map { AgePolicy.known(tier: tier, source: source, communicationLimited: $0) }
            }
        } + [.declined]

    @Test("every answer round-trips through the record", arguments: answers)
    func roundTrip(policy: AgePolicy) throws {
        let store = InMemoryKeyValueStore()
        try AgeRecord.save(policy, to: store)
        #expect(AgeRecord.load(from: store, gates: Self.gates) == policy)
        #expect(store.snapshot.keys.sorted() == [AgeRecord.key])
    }

    @Test("the record holds no bounds and no dates")
    func noBounds() throws {
        let text = AgeRecord.encode(
            .known(tier: AgeTier(lowerAge: 13, nextGate: 16), source: .confirmed, communicationLimited: true))
        #expect(text == "tier=13-15;source=confirmed;limited=1")
    }

    @Test("not asked and unavailable are never written", arguments: [AgePolicy.notAsked, .unavailable])
    func notWritten(policy: AgePolicy) throws {
        let store = InMemoryKeyValueStore()
        try AgeRecord.save(policy, to: store)
        #expect(store.snapshot.isEmpty)
    }

    @Test(
        "unreadable or unknown data reads as not asked, never a crash",
        arguments: [
            "", "garbage", "declined;", "tier=13-15", "tier=13-15;source=confirmed;limited=2",
            "tier=13-15;source=retina;limited=0", "tier=14-15;source=confirmed;limited=0",
            "tier=21+;source=confirmed;limited=0", "tier=13-15;source=confirmed;limited=0;extra=1",
            "tier=13-15;tier=13-15;source=confirmed", "source=confirmed;limited=0;tier=", "\u{0}\u{FFFF}",
            "v2:{\"tier\":\"13-15\"}", String(repeating: "=", count: 10_000),
        ])
    func corruptData(text: String) {
        #expect(AgeRecord.decode(text, gates: Self.gates) == .notAsked)
    }

    @Test("a stored tier the app's new gates do not make reads as not asked")
    func gatesChanged() throws {
        let text = AgeRecord.encode(
            .known(tier: AgeTier(lowerAge: 16, nextGate: 18), source: .selfDeclared, communicationLimited: false))
        #expect(AgeRecord.decode(text, gates: try AgeGates([13, 18])) == .notAsked)
    }
}

/// One contract, run against every store.
@Suite("key-value stores: one contract for every backend")
struct KeyValueStoreContractTests {
    enum Backend: String, CaseIterable, Sendable {
        case memory, file
    }

    static func make(_ backend: Backend) -> (any KeyValueStore, URL?) {
        switch backend {
        case .memory:
            return (InMemoryKeyValueStore(), nil)
        case .file:
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
                "agekit-kv-\(UUID().uuidString)")
            return (FileKeyValueStore(directory: directory), directory)
        }
    }

    @Test("set, read, overwrite, remove", arguments: Backend.allCases)
    func contract(backend: Backend) throws {
        let (store, directory) = Self.make(backend)
        defer { directory.map { try? FileManager.default.removeItem(at: $0) } }
        #expect(store.string(forKey: "a") == nil)
        try store.set("one", forKey: "a")
        try store.set("two", forKey: "b/../c")
        #expect(store.string(forKey: "a") == "one")
        #expect(store.string(forKey: "b/../c") == "two")
        try store.set("three", forKey: "a")
        #expect(store.string(forKey: "a") == "three")
        try store.set(nil, forKey: "a")
        #expect(store.string(forKey: "a") == nil)
        try store.set(nil, forKey: "never-set")
    }

    @Test("the record round-trips through every store", arguments: Backend.allCases)
    func recordRoundTrip(backend: Backend) throws {
        let (store, directory) = Self.make(backend)
        defer { directory.map { try? FileManager.default.removeItem(at: $0) } }
        let policy = AgePolicy.known(
            tier: AgeTier(lowerAge: 18, nextGate: nil), source: .confirmed, communicationLimited: false)
        try AgeRecord.save(policy, to: store)
        #expect(AgeRecord.load(from: store, gates: try AgeGates([13, 16, 18])) == policy)
    }

    @Test("a file store survives a corrupt file and a directory it cannot write")
    func fileFailures() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("agekit-kv-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = FileKeyValueStore(directory: directory)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data([0xFF, 0xFE, 0x00]).write(to: directory.appendingPathComponent(AgeRecord.key))
        #expect(AgeRecord.load(from: store, gates: try AgeGates([13])) == .notAsked)
        let blocked = FileKeyValueStore(directory: directory.appendingPathComponent(AgeRecord.key))
        #expect(throws: AgeGatingError(.storageFailed, "")) { try blocked.set("x", forKey: "y") }
    }
}
