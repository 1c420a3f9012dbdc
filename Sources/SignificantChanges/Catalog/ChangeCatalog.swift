import AgeSignals

/// Every significant change the app has shipped, validated: unique ids, parsable versions,
/// guardian-readable descriptions. The file format is described in docs/significant-changes.md.
public struct ChangeCatalog: Hashable, Sendable {
    /// In the order they were listed.
    public let changes: [SignificantChange]
    /// The running app version, when the catalog states it: changes after it are not shipped yet.
    public let appVersion: AppVersion?
    /// What a guardian reads when the App Store age rating changes, and what it blocks.
    public let ratingChange: RatingChangeTemplate

    /// Validates the changes: an id used twice, or one that starts with the rating prefix, throws.
    public init(
        changes: [SignificantChange], appVersion: AppVersion? = nil,
        ratingChange: RatingChangeTemplate = .standard
    ) throws(SignificantChangesError) {
        var seen = Set<String>()
        for change in changes where !seen.insert(change.id).inserted {
            throw SignificantChangesError(.duplicateChangeID, "change id '\(change.id)' appears more than once")
        }
        if seen.contains(where: { $0.hasPrefix(RatingChangeTemplate.idPrefix) }) {
            throw SignificantChangesError(
                .invalidChangeID, "change ids starting with '\(RatingChangeTemplate.idPrefix)' are reserved")
        }
        self.changes = changes
        self.appVersion = appVersion
        self.ratingChange = ratingChange
    }

    /// The change with this id, if the catalog has one.
    public subscript(id: String) -> SignificantChange? { changes.first { $0.id == id } }

    /// The changes this person must still consent to or acknowledge, before the ledger is
    /// consulted: shipped in the running version and newer than the original install.
    public func changesApplying(originalVersion: AppVersion?) -> [SignificantChange] {
        changes.filter { change in
            if let appVersion, change.introducedIn > appVersion { return false }
            return !change.isExempt(originalVersion: originalVersion)
        }
    }

    /// The changes exempt because the person installed a version that already had them.
    public func exemptChanges(originalVersion: AppVersion?) -> [SignificantChange] {
        changes.filter { $0.isExempt(originalVersion: originalVersion) }
    }

    /// The changes this person must still consent to, with `originalAppVersion` read the way
    /// `platform` writes it (a build everywhere but macOS).
    public func changesApplying(originalVersion: AppVersion?, platform: Platform) -> [SignificantChange] {
        changes.filter { change in
            if let appVersion, change.introducedIn > appVersion { return false }
            return !change.exemption(originalVersion: originalVersion, platform: platform).isExempt
        }
    }
}

/// How a rating change becomes a significant change: a description (the codes have no
/// published meaning, so it cannot name the rating) and a scope.
public struct RatingChangeTemplate: Hashable, Sendable {
    /// Where the ids of rating changes start; reserved, so no catalog change may use it.
    public static let idPrefix = "age-rating-"
    /// The wording AgeKit uses when the catalog gives none; it blocks the whole app.
    public static let standard = RatingChangeTemplate(
        uncheckedDescription:
            "The app's age rating on the App Store changed; review the new rating before your child continues using the app",
        scope: .wholeApp)

    /// What the guardian reads, validated by ``ChangeDescriptionRule``.
    public let description: String
    /// What a rating change blocks until consent arrives.
    public let scope: ChangeScope

    /// Validates the description; a vague one throws.
    public init(description: String, scope: ChangeScope = .wholeApp) throws(SignificantChangesError) {
        self.description = try ChangeDescriptionRule.validate(description)
        self.scope = scope
    }

    private init(uncheckedDescription: String, scope: ChangeScope) {
        self.description = uncheckedDescription
        self.scope = scope
    }

    /// The change raised when the rating code moves from `old` to `new`.
    public func change(from old: Int, to new: Int, appVersion: AppVersion?) -> SignificantChange {
        // The id and description are valid by construction; `try!` cannot fail here.
        try! SignificantChange(
            id: "\(Self.idPrefix)\(old)-to-\(new)", introducedIn: appVersion ?? AppVersion(0),
            description: description, scope: scope)
    }
}
