/// "Did you mean": the known name closest to a mistyped one, when it is close enough to be
/// the likely intent (at most two edits, or one per three characters for long names). Used for
/// commands, options and configuration keys alike.
package enum NearestName {
    package static func suggestion(for typed: String, among names: some Sequence<String>) -> String? {
        let limit = max(2, typed.count / 3)
        let ranked = names.map { (name: $0, distance: distance(typed, $0)) }
            .filter { $0.distance <= limit }
            .sorted { ($0.distance, $0.name) < ($1.distance, $1.name) }
        return ranked.first?.name
    }

    /// "; did you mean 'NAME'?" or nothing.
    package static func hint(for typed: String, among names: some Sequence<String>, prefix: String = "") -> String {
        suggestion(for: typed, among: names).map { "; did you mean '\(prefix)\($0)'?" } ?? ""
    }

    /// Levenshtein distance over characters.
    package static func distance(_ a: String, _ b: String) -> Int {
        let left = Array(a)
        let right = Array(b)
        guard !left.isEmpty else { return right.count }
        guard !right.isEmpty else { return left.count }
        var previous = Array(0...right.count)
        for (i, character) in left.enumerated() {
            var current = [i + 1] + Array(repeating: 0, count: right.count)
            for (j, other) in right.enumerated() {
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (character == other ? 0 : 1))
            }
            previous = current
        }
        return previous[right.count]
    }
}
