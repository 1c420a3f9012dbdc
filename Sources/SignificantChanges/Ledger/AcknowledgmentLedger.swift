import Foundation

/// Consent per change and per person, kept in a synced key-value store so that an approval
/// on any device ends the flow on every device.
public struct AcknowledgmentLedger: Sendable {
    /// The synced store the entries live in.
    public let store: any SyncedKeyValueStore
    /// Whoever the consent belongs to (an account id, an app transaction id).
    public let personID: String

    /// Where every ledger key starts: `agekit.changes/<person>/<change>`.
    public static let keyPrefix = "agekit.changes/"

    /// The ledger of `personID` in `store`.
    public init(store: any SyncedKeyValueStore, personID: String) {
        self.store = store
        self.personID = personID
    }

    /// The store key of this person's entry for the change.
    public func key(for changeID: String) -> String { "\(Self.keyPrefix)\(personID)/\(changeID)" }

    /// The change id a key belongs to, when it is one of this person's keys.
    public func changeID(forKey key: String) -> String? {
        let prefix = "\(Self.keyPrefix)\(personID)/"
        guard key.hasPrefix(prefix) else { return nil }
        let id = String(key.dropFirst(prefix.count))
        return id.isEmpty ? nil : id
    }

    /// What is stored; an unreadable value counts as nothing recorded (the flow asks again).
    public func entry(for changeID: String) -> LedgerEntry {
        guard let text = store.string(forKey: key(for: changeID)),
            let entry = try? Self.decoder.decode(LedgerEntry.self, from: Data(text.utf8))
        else { return LedgerEntry() }
        return entry
    }

    /// Whether a guardian approved the change or the person acknowledged it, on any device.
    public func isResolved(_ changeID: String) -> Bool { entry(for: changeID).isResolved }

    /// Records an approval or an acknowledgment and returns the entry; the first resolution's time is kept.
    @discardableResult
    public func recordResolution(
        _ resolution: LedgerEntry.Resolution, for changeID: String, at time: Date
    )
        -> LedgerEntry
    {
        update(changeID) { $0.resolve(resolution, at: time) }
    }

    /// Records a guardian's denial and returns the entry.
    @discardableResult
    public func recordDenial(for changeID: String, at time: Date) -> LedgerEntry {
        update(changeID) { $0.recordDenial(at: time) }
    }

    /// Calls `handler` with each of this person's changes another device updated.
    public func observe(_ handler: @escaping @Sendable (String, LedgerEntry) -> Void) -> StoreObservation {
        let ledger = self
        return store.observeExternalChanges { keys in
            for key in keys {
                guard let changeID = ledger.changeID(forKey: key) else { continue }
                handler(changeID, ledger.entry(for: changeID))
            }
        }
    }

    private func update(_ changeID: String, _ change: (inout LedgerEntry) -> Void) -> LedgerEntry {
        var entry = self.entry(for: changeID)
        change(&entry)
        if let data = try? Self.encoder.encode(entry) {
            store.set(String(decoding: data, as: UTF8.self), forKey: key(for: changeID))
        }
        return entry
    }

    private static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        encoder.outputFormatting = .sortedKeys
        return encoder
    }

    private static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        return decoder
    }
}
