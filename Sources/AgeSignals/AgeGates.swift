/// The 1 to 3 ages an app asks about. Validated the way the system validates them, so an
/// invalid request is caught before it reaches the system.
public struct AgeGates: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The gates in ascending order.
    public let values: [Int]

    /// Every range the gates make must span at least this many years.
    public static let minimumRangeSpan = 2

    /// Validates 1 to 3 ascending, non-negative gates whose ranges each span two years or more.
    public init(_ values: [Int]) throws(AgeSignalsError) {
        guard (1...3).contains(values.count) else {
            throw AgeSignalsError(.invalidGates, "expected 1 to 3 age gates, got \(values.count)")
        }
        if let negative = values.first(where: { $0 < 0 }) {
            throw AgeSignalsError(.invalidGates, "age gate \(negative) is negative")
        }
        // The first range starts at 0; each later one starts at the gate before it.
        var start = 0
        for gate in values {
            guard gate - start >= Self.minimumRangeSpan else {
                throw AgeSignalsError(
                    .invalidGates,
                    "the range \(start)-\(gate - 1) spans less than \(Self.minimumRangeSpan) years (gates \(values))")
            }
            start = gate
        }
        self.values = values
    }

    /// The gates given one by one: `AgeGates(13, 16, 18)`, validated as ``init(_:)`` does.
    public init(_ first: Int, _ second: Int? = nil, _ third: Int? = nil) throws(AgeSignalsError) {
        try self.init([first, second, third].compactMap { $0 })
    }

    /// Parses "13,16,18".
    public init(parsing text: String) throws(AgeSignalsError) {
        var parsed: [Int] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard let value = Int(String(part.filter { !$0.isWhitespace })) else {
                throw AgeSignalsError(.invalidGates, "'\(part)' in '\(text)' is not a whole number")
            }
            parsed.append(value)
        }
        try self.init(parsed)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        try self.init(container.decode([Int].self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(values)
    }

    public var description: String { values.map(String.init).joined(separator: ",") }
}
