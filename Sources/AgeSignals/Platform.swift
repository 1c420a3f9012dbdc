/// The Apple platform an app runs on.
public enum Platform: String, Hashable, Sendable, Codable, CaseIterable {
    /// The platforms that can run an app with AgeKit; iPadOS and Mac Catalyst are told apart from iOS and macOS.
    case iOS, iPadOS, macCatalyst, macOS, visionOS, tvOS, watchOS

    /// Accepts the raw name in any letter case ("ios", "macOS").
    public init(parsing text: String) throws(AgeSignalsError) {
        guard let platform = Self.allCases.first(where: { $0.rawValue.lowercased() == text.lowercased() })
        else {
            let names = Self.allCases.map(\.rawValue).joined(separator: ", ")
            throw AgeSignalsError(.unknownPlatform, "'\(text)' is not a platform (\(names))")
        }
        self = platform
    }
}
