import AgeSignals

/// The one error of this module: bad input handed to it (a catalog, a version, a stored
/// ledger entry). Every case names the item at fault in ``reason``.
public struct SignificantChangesError: CodedError {
    public enum Code: String, Sendable, Hashable, CaseIterable {
        case invalidVersion = "invalid_version"
        case malformedCatalog = "malformed_catalog"
        case duplicateChangeID = "duplicate_change_id"
        case invalidChangeID = "invalid_change_id"
        case vagueDescription = "vague_description"
        case invalidScope = "invalid_scope"
        case storeUnavailable = "store_unavailable"
    }

    public let code: Code
    public let reason: String

    public init(_ code: Code, _ reason: String) {
        self.code = code
        self.reason = reason
    }
}
