/// The library's one error: a stable code (`baseline_invalid`, or the code of the module that
/// refused a configuration file, such as `invalid_gates`) and a human reason. Compared by code.
public struct ScenarioError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The stable code, such as `baseline_invalid` or `invalid_gates`: match on this.
    public let code: String
    /// What went wrong, in words.
    public let reason: String

    /// An error with a stable code and a human reason.
    public init(code: String, reason: String) {
        self.code = code
        self.reason = reason
    }

    public var description: String { "\(code): \(reason)" }

    public static func == (lhs: ScenarioError, rhs: ScenarioError) -> Bool { lhs.code == rhs.code }
}
