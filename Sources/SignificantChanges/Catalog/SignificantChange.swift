/// One significant change: a stable id, the app version that introduced it, the sentence a
/// guardian reads, and what it blocks until consent.
public struct SignificantChange: Hashable, Sendable, Identifiable {
    /// Stable across releases: consent is recorded against it.
    public let id: String
    public let introducedIn: AppVersion
    /// Guardian-readable, validated by ``ChangeDescriptionRule``.
    public let description: String
    public let scope: ChangeScope

    /// Validates the id and the description.
    public init(
        id: String, introducedIn: AppVersion, description: String, scope: ChangeScope = .wholeApp
    ) throws(SignificantChangesError) {
        self.id = try Self.validate(id: id)
        self.introducedIn = introducedIn
        do throws(SignificantChangesError) {
            self.description = try ChangeDescriptionRule.validate(description)
        } catch {
            throw SignificantChangesError(error.code, "change '\(id)': \(error.reason)")
        }
        self.scope = scope
    }

    /// Letters, digits, "-", "_" and "."; it becomes part of a synced storage key.
    public static func validate(id: String) throws(SignificantChangesError) -> String {
        let allowed = id.allSatisfy { ($0.isASCII && ($0.isLetter || $0.isNumber)) || "-_.".contains($0) }
        guard !id.isEmpty, id.count <= 64, allowed else {
            throw SignificantChangesError(
                .invalidChangeID,
                "change id '\(id)' must be 1 to 64 letters, digits, '-', '_' or '.'")
        }
        return id
    }

    /// Whether a person who first installed `originalVersion` already had this change: such a
    /// person never acknowledges it.
    public func isExempt(originalVersion: AppVersion?) -> Bool {
        guard let originalVersion else { return false }
        return introducedIn <= originalVersion
    }
}
