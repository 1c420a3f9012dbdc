// Foundation stand-in for scripts/apple-sdk-check: Apple's declarations, type-checked only, never run.

public struct Data: Equatable, Hashable, RandomAccessCollection, MutableCollection, RangeReplaceableCollection,
    Sendable
{
    public typealias Index = Int
    public typealias Indices = Range<Int>
    public typealias SubSequence = Data

    public struct ReadingOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
    }

    public struct WritingOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let atomic = WritingOptions(rawValue: 1)
    }

    public struct SearchOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
    }

    public init() { fatalError() }
    public init<S: Sequence>(_ elements: S) where S.Element == UInt8 { fatalError() }
    public init(contentsOf url: URL, options: Data.ReadingOptions = []) throws { fatalError() }

    public func write(to url: URL, options: Data.WritingOptions = []) throws { fatalError() }
    public func range(
        of dataToFind: Data, options: Data.SearchOptions = [], in range: Range<Data.Index>? = nil
    )
        -> Range<Data.Index>?
    { fatalError() }

    public var startIndex: Int { fatalError() }
    public var endIndex: Int { fatalError() }
    public subscript(index: Int) -> UInt8 {
        get { fatalError() }
        set { fatalError() }
    }
    public subscript(bounds: Range<Int>) -> Data {
        get { fatalError() }
        set { fatalError() }
    }
    public mutating func replaceSubrange<C: Collection>(_ subrange: Range<Int>, with newElements: C)
    where C.Element == UInt8 { fatalError() }
}

extension Data: Codable {
    public init(from decoder: any Decoder) throws { fatalError() }
    public func encode(to encoder: any Encoder) throws { fatalError() }
}

extension String {
    public struct Encoding: RawRepresentable, Sendable, Equatable, Hashable {
        public var rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let utf8 = Encoding(rawValue: 4)
    }

    public init?(data: Data, encoding: String.Encoding) { fatalError() }
}

extension StringProtocol {
    public func replacingOccurrences<Target: StringProtocol, Replacement: StringProtocol>(
        of target: Target, with replacement: Replacement, options: String.CompareOptions = [],
        range searchRange: Range<Self.Index>? = nil
    ) -> String { fatalError() }
}

extension String {
    public struct CompareOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
    }
}
