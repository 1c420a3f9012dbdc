/// The shape of every module's one error, on both sides of AgeKit: a stable code that logs,
/// metrics, JSON answers and tests compare, and a reason for people. Errors compare and hash
/// by code only, so callers never depend on wording.
public protocol CodedError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The module's codes: string-backed, and a raw value never changes once released.
    associatedtype Code: RawRepresentable<String>, Hashable, Sendable
    /// What went wrong, as a stable code; equality and hashing use it alone.
    var code: Code { get }
    /// What went wrong, for people: names the offending value; never compared.
    var reason: String { get }
}

extension CodedError {
    public var description: String { "\(code.rawValue): \(reason)" }

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.code == rhs.code }
    public func hash(into hasher: inout Hasher) { hasher.combine(code) }
}
