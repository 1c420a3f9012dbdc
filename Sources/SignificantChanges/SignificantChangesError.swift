import AgeSignals

/// The one error of this module: bad input handed to it (a catalog, a version, a stored
/// ledger entry). Every case names the item at fault in its `reason`.
public typealias SignificantChangesError = ModuleError<SignificantChangesErrorCode>

/// The stable codes of ``SignificantChangesError``: a raw value never changes; compare errors by their code.
public enum SignificantChangesErrorCode: String, Sendable, Hashable, CaseIterable {
    /// A version that does not parse.
    case invalidVersion = "invalid_version"
    /// A catalog that is not valid JSON, or whose fields are unknown, missing or of the wrong type.
    case malformedCatalog = "malformed_catalog"
    /// Two changes with the same id.
    case duplicateChangeID = "duplicate_change_id"
    /// An id that is not 1 to 64 letters, digits, `-`, `_` or `.`, or that uses the reserved rating prefix.
    case invalidChangeID = "invalid_change_id"
    /// A description a guardian could not act on.
    case vagueDescription = "vague_description"
    /// A feature scope that names no feature, or an empty feature name.
    case invalidScope = "invalid_scope"
    /// The synced store's file cannot be read as a key-value file.
    case storeUnavailable = "store_unavailable"
}
