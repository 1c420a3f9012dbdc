import AgeGating
import Foundation

/// The gate's record (and the permission question map) in `UserDefaults`: strings only, and
/// only what `AgeGating.AgeRecord` writes, never an age.
public final class UserDefaultsKeyValueStore: KeyValueStore, @unchecked Sendable {
    // UserDefaults is documented as thread-safe; it is not annotated `Sendable` everywhere.
    private let defaults: UserDefaults

    /// - Parameter defaults: `.standard`, or a suite shared with an extension.
    public init(_ defaults: UserDefaults = .standard) {
        self.defaults = defaults
    }

    public func string(forKey key: String) -> String? {
        defaults.string(forKey: key)
    }

    public func set(_ value: String?, forKey key: String) throws(AgeGatingError) {
        if let value { defaults.set(value, forKey: key) } else { defaults.removeObject(forKey: key) }
    }
}
