/// The one error of this module: bad input handed to the gate (a profile, a store).
public struct AgeGatingError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Code: String, Sendable, Hashable {
        case invalidProfile = "invalid_profile"
        case invalidCadence = "invalid_cadence"
        case storageFailed = "storage_failed"
    }

    public let code: Code
    public let reason: String

    public init(_ code: Code, _ reason: String) {
        self.code = code
        self.reason = reason
    }

    public var description: String { "\(code.rawValue): \(reason)" }

    /// Compared by code only, so tests do not depend on wording.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.code == rhs.code }
    public func hash(into hasher: inout Hasher) { hasher.combine(code) }
}
