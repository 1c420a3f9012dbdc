/// What a change blocks until consent arrives: the whole app (all app and account data) or
/// only named features. How wide this is, is the developer's choice.
public enum ChangeScope: Hashable, Sendable {
    /// The whole app: all app and account data.
    case wholeApp
    /// Non-empty, sorted feature names.
    case features([String])

    /// Builds a feature scope; an empty or blank list is rejected rather than read as "nothing".
    public static func features(named names: some Sequence<String>) throws(SignificantChangesError) -> ChangeScope {
        var set = Set<String>()
        for name in names {
            let trimmed = name.trimmingWhitespace
            guard !trimmed.isEmpty else {
                throw SignificantChangesError(.invalidScope, "a feature name in the scope is empty")
            }
            set.insert(trimmed)
        }
        guard !set.isEmpty else {
            throw SignificantChangesError(
                .invalidScope, "a feature scope names no feature; use \"app\" to block the whole app")
        }
        return .features(set.sorted())
    }

    /// Whether `feature` is inside this scope.
    public func contains(feature: String) -> Bool {
        switch self {
        case .wholeApp: true
        case .features(let names): names.contains(feature)
        }
    }

    /// "app" or the feature names joined by commas: how the CLI and the catalog file write it.
    public var label: String {
        switch self {
        case .wholeApp: "app"
        case .features(let names): names.joined(separator: ",")
        }
    }

    /// The union of several scopes (nil when there are none): the whole app swallows every feature.
    public static func union(_ scopes: some Sequence<ChangeScope>) -> ChangeScope? {
        var features = Set<String>()
        var any = false
        for scope in scopes {
            any = true
            switch scope {
            case .wholeApp: return .wholeApp
            case .features(let names): features.formUnion(names)
            }
        }
        return any ? .features(features.sorted()) : nil
    }

    /// The names the CLI prints: ["app"] or the feature names.
    public var names: [String] {
        switch self {
        case .wholeApp: ["app"]
        case .features(let names): names
        }
    }
}
