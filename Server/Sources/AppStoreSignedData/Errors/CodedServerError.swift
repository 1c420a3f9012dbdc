/// The shape of each server module's one error type: a stable code that logs, metrics, HTTP
/// answers and scripts compare, and a message for people. Errors compare by code only, so
/// callers and tests never depend on wording (as swift-certificates' `CertificateError`).
///
/// It lives in the lowest server module so that every server module can share it without
/// importing the app side (whose modules have their own `CodedError`).
public protocol CodedServerError: Error, Sendable, Equatable, CustomStringConvertible {
    associatedtype Code: RawRepresentable<String>, Hashable, Sendable
    /// Stable: a new code may be added, an existing string never changes.
    var code: Code { get }
    /// For people: names the offending value, free to change.
    var message: String { get }
}

extension CodedServerError {
    public var description: String { "\(code.rawValue): \(message)" }

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.code == rhs.code }
}

/// The code of one module's errors: a string that never changes, typed by that module's error
/// (`Domain`) so that codes of two modules never mix. A module declares its codes as static
/// members of `ServerErrorCode where Domain == ItsError`; a new one may be added without
/// breaking a caller's `switch`.
public struct ServerErrorCode<Domain>: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public var description: String { rawValue }
}
