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
