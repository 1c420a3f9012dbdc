/// A module's one error when a code and a reason are all it carries: the module declares its
/// codes and names the error, as in `typealias AgeGatingError = ModuleError<AgeGatingErrorCode>`.
/// Two modules' errors are two types, as their code types differ.
public struct ModuleError<Code: RawRepresentable<String> & Hashable & Sendable>: CodedError {
    /// What went wrong, as a stable code: match on this, not on ``reason``.
    public let code: Code
    /// What went wrong, for people, naming the offending value; never compared.
    public let reason: String

    /// An error with its code and the reason shown to people.
    public init(_ code: Code, _ reason: String) {
        self.code = code
        self.reason = reason
    }
}
