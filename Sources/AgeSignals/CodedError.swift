/// The shape of each app-side module's one error type: a stable code and a reason for
/// people. Errors compare by code only, so tests and callers never depend on wording.
public protocol CodedError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The module's codes: a string-backed enum whose raw values never change.
    associatedtype Code: RawRepresentable<String>, Hashable, Sendable
    /// What went wrong, as a stable code; equality and hashing use it alone.
    var code: Code { get }
    /// What went wrong, for people; never compared.
    var reason: String { get }
}

extension CodedError {
    public var description: String { "\(code.rawValue): \(reason)" }

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.code == rhs.code }
    public func hash(into hasher: inout Hasher) { hasher.combine(code) }
}
