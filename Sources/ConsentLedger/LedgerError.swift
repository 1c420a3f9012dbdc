/// The one error of the ledger. `unavailable` means "try again later" (the server answers
/// 503 so Apple retries); the others are the caller's mistakes.
public struct LedgerError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Code: String, Sendable {
        /// The database cannot be opened, written or reached right now.
        case unavailable = "store_unavailable"
        /// The store did not commit within the commit deadline: try again later.
        case timedOut = "store_timeout"
        /// The store URL or a migration is wrong: refuse to start.
        case invalidStore = "invalid_store"
        case accountNotFound = "account_not_found"
        case invalidArgument = "invalid_argument"
    }

    public let code: Code
    public let message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { "\(code.rawValue): \(message)" }

    /// Compared by code only.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.code == rhs.code }

    static func wrapping(_ error: any Error) -> LedgerError {
        error as? LedgerError ?? LedgerError(.unavailable, "\(error)")
    }
}
