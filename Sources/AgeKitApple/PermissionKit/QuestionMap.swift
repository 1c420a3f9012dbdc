import AgeGating
import AgeSignals
import Foundation

/// The system's question ids (`PermissionQuestion.id`) against AgeKit's, kept in the app's
/// store so that an answer arriving after a relaunch still finds its request. Holds ids
/// only: no age data, no description.
final class QuestionMap: Sendable {
    static let significantUpdateKey = "agekit.permissionQuestions.v1"
    /// Old entries are dropped past this many (questions expire long before).
    static let limit = 256

    private let store: any KeyValueStore
    private let key: String
    private let entries: Locked<[(system: String, agekit: String)]>

    init(store: any KeyValueStore, key: String = QuestionMap.significantUpdateKey) {
        self.store = store
        self.key = key
        self.entries = Locked(Self.decode(store.string(forKey: key)))
    }

    func record(system: UUID, agekit: String) {
        let text = entries.withLock { entries in
            entries.removeAll { $0.system == system.uuidString }
            entries.append((system.uuidString, agekit))
            if entries.count > Self.limit { entries.removeFirst(entries.count - Self.limit) }
            return Self.encode(entries)
        }
        try? store.set(text, forKey: key)
    }

    func agekitID(for system: UUID) -> String? {
        entries.withLock { entries in entries.last { $0.system == system.uuidString }?.agekit }
    }

    func systemID(for agekit: String) -> UUID? {
        entries.withLock { entries in entries.last { $0.agekit == agekit }.flatMap { UUID(uuidString: $0.system) } }
    }

    /// One `system=agekit` pair a line; unreadable lines are skipped (never a crash).
    static func decode(_ text: String?) -> [(system: String, agekit: String)] {
        guard let text else { return [] }
        return text.split(separator: "\n").compactMap { line in
            let pair = line.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, UUID(uuidString: String(pair[0])) != nil else { return nil }
            return (String(pair[0]), String(pair[1]))
        }
    }

    static func encode(_ entries: [(system: String, agekit: String)]) -> String {
        entries.map { "\($0.system)=\($0.agekit)" }.joined(separator: "\n")
    }
}
