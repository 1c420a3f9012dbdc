/// An OS version such as 26.4, compared numerically.
public struct OSVersion: Hashable, Sendable, Comparable, Codable, CustomStringConvertible {
    /// The major version, such as 26.
    public let major: Int
    /// The minor version, such as 4 in 26.4.
    public let minor: Int

    /// A version from its numbers: `OSVersion(26, 4)`.
    public init(_ major: Int, _ minor: Int = 0) {
        self.major = major
        self.minor = minor
    }

    /// Parses "26", "26.4" or "26.4.1" (the patch is ignored: no capability depends on it).
    public init(parsing text: String) throws(AgeSignalsError) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count),
            let major = Int(parts[0]), major >= 0,
            let minor = parts.count > 1 ? Int(parts[1]) : 0, minor >= 0,
            parts.count < 3 || Int(parts[2]) != nil
        else {
            throw AgeSignalsError(.invalidVersion, "'\(text)' is not an OS version such as 26.4")
        }
        self.init(major, minor)
    }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.major, lhs.minor) < (rhs.major, rhs.minor)
    }

    public var description: String { "\(major).\(minor)" }

    public init(from decoder: any Decoder) throws {
        try self.init(parsing: decoder.singleValueContainer().decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
