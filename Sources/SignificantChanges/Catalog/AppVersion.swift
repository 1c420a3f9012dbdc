/// An app version such as "1.10" or "2.0.3", compared number by number: 1.10 comes after
/// 1.9, and trailing zeros do not matter (1.2 == 1.2.0).
public struct AppVersion: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The numbers, with trailing zeros removed so equal versions compare and hash equal.
    public let components: [Int]
    /// The text it was parsed from (or built from the components).
    public let description: String

    /// A version from its numbers: `AppVersion(1, 10)`.
    public init(_ components: Int...) {
        self.init(components: components)
    }

    /// A version from its numbers in order, major first.
    public init(components: [Int]) {
        self.components = Self.trimmed(components)
        self.description = components.map(String.init).joined(separator: ".")
    }

    /// Parses one or more dot-separated non-negative whole numbers ("1", "1.10", "26.4.1").
    public init(parsing text: String) throws(SignificantChangesError) {
        let trimmed = text.trimmingWhitespace
        var numbers: [Int] = []
        for part in trimmed.split(separator: ".", omittingEmptySubsequences: false) {
            guard !part.isEmpty, part.allSatisfy(\.isASCIIDigit), let number = Int(part) else {
                throw SignificantChangesError(
                    .invalidVersion, "'\(text)' is not an app version such as 1.2 or 1.10.3")
            }
            numbers.append(number)
        }
        self.components = Self.trimmed(numbers)
        self.description = trimmed
    }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        lhs.components.lexicographicallyPrecedes(rhs.components)
    }

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.components == rhs.components }
    public func hash(into hasher: inout Hasher) { hasher.combine(components) }

    private static func trimmed(_ numbers: [Int]) -> [Int] {
        var numbers = numbers
        while numbers.last == 0 { numbers.removeLast() }
        return numbers
    }
}

extension AppVersion: Codable {
    public init(from decoder: any Decoder) throws {
        try self.init(parsing: decoder.singleValueContainer().decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}

extension StringProtocol {
    var trimmingWhitespace: String {
        String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}
