/// The rule a change description must pass: a guardian reads it to decide, so it has to say
/// concretely what the app now does ("adds video calling and location sharing"), never
/// "improvements" or "bug fixes".
public enum ChangeDescriptionRule {
    /// What a guardian needs, quoted in every rejection.
    public static let guidance =
        "a guardian needs to read concretely what changed, for example \"adds video calling and location sharing\""

    /// Words that say nothing about what changed. A description made only of these is vague.
    static let emptyWords: Set<String> = [
        "a", "an", "and", "app", "bug", "bugs", "change", "changes", "enhancement", "enhancements", "feature",
        "features", "fix", "fixes", "fixed", "general", "improved", "improvement", "improvements", "latest",
        "minor", "misc", "miscellaneous", "new", "other", "performance", "several", "some", "stability", "the",
        "this", "tweak", "tweaks", "update", "updated", "updates", "various", "version", "we", "made", "with",
        "our", "to", "of", "more", "many", "small", "stuff", "things", "better", "release", "notes",
        "experience", "overall", "usability", "optimizations", "optimization", "optimised", "optimized",
    ]

    /// Fewer letters than this cannot describe a change a guardian can judge.
    public static let minimumLetters = 12

    /// Returns the description trimmed, or throws saying what a guardian needs.
    public static func validate(_ description: String) throws(SignificantChangesError) -> String {
        let trimmed = description.trimmingWhitespace
        guard !trimmed.isEmpty else {
            throw SignificantChangesError(
                .vagueDescription, "the description is empty; \(guidance)")
        }
        let words = trimmed.lowercased()
            .split(whereSeparator: { !$0.isLetter && !$0.isNumber })
            .map(String.init)
        let letters = trimmed.filter(\.isLetter).count
        if words.allSatisfy(emptyWords.contains) || letters < minimumLetters {
            throw SignificantChangesError(
                .vagueDescription, "the description \"\(trimmed)\" is too vague; \(guidance)")
        }
        return trimmed
    }
}
