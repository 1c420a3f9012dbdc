/// Where the consent SDK places the person: it decides whether a consent form is required.
public enum ConsentRegion: String, Hashable, Sendable, CaseIterable {
    /// The European Economic Area: a form is required.
    case eea = "EEA"
    /// The United Kingdom: a form is required.
    case uk = "UK"
    /// Switzerland: a form is required.
    case switzerland = "CH"
    /// Anywhere the SDK requires no form.
    case none = "NONE"

    /// Whether the SDK requires a consent form here: everywhere but ``none``.
    public var requiresForm: Bool { self != .none }

    /// Accepts the raw names in any letter case; anything else is an error.
    public init(parsing text: String) throws(SimulatorError) {
        guard let region = Self.allCases.first(where: { $0.rawValue.lowercased() == text.lowercased() }) else {
            let names = Self.allCases.map { $0.rawValue }.joined(separator: ", ")
            throw SimulatorError(.unknownRegion, "'\(text)' is not a consent region (\(names))")
        }
        self = region
    }
}
