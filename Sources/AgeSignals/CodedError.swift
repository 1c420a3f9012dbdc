/// The shape of each app-side module's one error type: a stable code and a reason for
/// people. Errors compare by code only, so tests and callers never depend on wording.
public protocol CodedError: Error, Hashable, Sendable, CustomStringConvertible {
    associatedtype Code: RawRepresentable<String>, Hashable, Sendable
    var code: Code { get }
    var reason: String { get }
}

extension CodedError {
    public var description: String { "\(code.rawValue): \(reason)" }

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.code == rhs.code }
    public func hash(into hasher: inout Hasher) { hasher.combine(code) }
}
