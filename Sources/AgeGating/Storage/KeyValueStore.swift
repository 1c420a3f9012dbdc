import AgeSignals

/// Where the gate keeps its small record: a string per key. The app chooses the backend
/// (user defaults, a file, memory in tests); every backend passes the same contract tests.
public protocol KeyValueStore: Sendable {
    /// The stored string, or nil when there is none or it cannot be read.
    func string(forKey key: String) -> String?
    /// Stores `value`, or removes the key when `value` is nil.
    func set(_ value: String?, forKey key: String) throws(AgeGatingError)
}

/// A store in memory: the default in tests and previews.
public final class InMemoryKeyValueStore: KeyValueStore {
    private let values: Locked<[String: String]>

    /// A store holding `values`.
    public init(_ values: [String: String] = [:]) {
        self.values = Locked(values)
    }

    public func string(forKey key: String) -> String? {
        values.withLock { $0[key] }
    }

    public func set(_ value: String?, forKey key: String) throws(AgeGatingError) {
        values.withLock { $0[key] = value }
    }

    /// Everything stored, for tests that check nothing else was kept.
    public var snapshot: [String: String] { values.withLock { $0 } }
}
