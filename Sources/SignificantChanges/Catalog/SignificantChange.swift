import AgeSignals

/// One significant change: a stable id, the app version (and build) that introduced it, the
/// sentence a guardian reads, and what it blocks until consent.
public struct SignificantChange: Hashable, Sendable, Identifiable {
    /// Stable across releases: consent is recorded against it.
    public let id: String
    /// The marketing version (`CFBundleShortVersionString`) that introduced the change.
    public let introducedIn: AppVersion
    /// The build (`CFBundleVersion`) that introduced it: what `originalAppVersion` holds on
    /// every platform but macOS. Without it, nothing is exempt there.
    public let introducedInBuild: AppVersion?
    /// Guardian-readable, validated by ``ChangeDescriptionRule``.
    public let description: String
    /// What the change blocks until consent arrives.
    public let scope: ChangeScope

    /// Validates the id and the description.
    public init(
        id: String, introducedIn: AppVersion, introducedInBuild: AppVersion? = nil, description: String,
        scope: ChangeScope = .wholeApp
    ) throws(SignificantChangesError) {
        self.id = try Self.validate(id: id)
        self.introducedIn = introducedIn
        self.introducedInBuild = introducedInBuild
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

    /// Whether a person who first installed marketing version `originalVersion` already had
    /// this change. Only right where `originalAppVersion` is a marketing version (macOS): use
    /// ``exemption(originalVersion:platform:)``, which reads the value the way the platform
    /// writes it.
    public func isExempt(originalVersion: AppVersion?) -> Bool {
        guard let originalVersion else { return false }
        return introducedIn <= originalVersion
    }

    /// What `AppTransaction.originalAppVersion` says about this change.
    public enum Exemption: Hashable, Sendable {
        /// The original install already contained it: never asked.
        case exempt(String)
        /// Installed before the change: asked.
        case notExempt
        /// The values cannot be compared: exempts nothing, and says why.
        case notComparable(String)

        /// Whether the original install already contained the change.
        public var isExempt: Bool { if case .exempt = self { true } else { false } }
    }

    /// The exemption rule (seed 003, note 19): `originalAppVersion` holds the build
    /// (`CFBundleVersion`) on iOS, iPadOS, Mac Catalyst, visionOS, tvOS and watchOS, and the
    /// marketing version (`CFBundleShortVersionString`) on macOS; the sandbox always reports
    /// `1.0`. Like is compared with like; a value that cannot be compared exempts nothing.
    ///
    /// | platform | compared with | not comparable when |
    /// | --- | --- | --- |
    /// | macOS | ``introducedIn`` | no original version |
    /// | every other | ``introducedInBuild`` | no original version; the change has no build; the value is `1.0` (the sandbox's, never a build to trust) |
    public func exemption(originalVersion: AppVersion?, platform: Platform) -> Exemption {
        guard let originalVersion else { return .notComparable("the original app version is unknown") }
        if platform == .macOS {
            return introducedIn <= originalVersion
                ? .exempt("installed \(originalVersion), which already had \(introducedIn)") : .notExempt
        }
        if originalVersion == AppVersion(1, 0) {
            return .notComparable(
                "original app version \(originalVersion) is what the sandbox reports, not a build on \(platform.rawValue)"
            )
        }
        guard let introducedInBuild else {
            return .notComparable(
                "on \(platform.rawValue) the original app version \(originalVersion) is a build number, and the change has no introducedInBuild"
            )
        }
        return introducedInBuild <= originalVersion
            ? .exempt("installed build \(originalVersion), which already had build \(introducedInBuild)") : .notExempt
    }
}
