// Foundation stand-in for scripts/apple-sdk-check: Apple's declarations, type-checked only, never run.

public typealias TimeInterval = Double

@available(macOS 10.10, iOS 8.0, watchOS 2.0, tvOS 9.0, *)
public struct Date: Comparable, Hashable, Equatable, Sendable {
    public init() { fatalError() }
    public init(timeIntervalSince1970: TimeInterval) { fatalError() }

    public var timeIntervalSince1970: TimeInterval { fatalError() }
    public func timeIntervalSince(_ date: Date) -> TimeInterval { fatalError() }
    public func addingTimeInterval(_ timeInterval: TimeInterval) -> Date { fatalError() }

    @available(macOS 12, iOS 15, tvOS 15, watchOS 8, *)
    public static var now: Date { fatalError() }
    public static var distantFuture: Date { fatalError() }
    public static var distantPast: Date { fatalError() }

    public static func < (lhs: Date, rhs: Date) -> Bool { fatalError() }
    public static func + (lhs: Date, rhs: TimeInterval) -> Date { fatalError() }
    public static func - (lhs: Date, rhs: TimeInterval) -> Date { fatalError() }
}

@available(macOS 10.10, iOS 8.0, watchOS 2.0, tvOS 9.0, *)
extension Date: Codable {
    public init(from decoder: any Decoder) throws { fatalError() }
    public func encode(to encoder: any Encoder) throws { fatalError() }
}

@available(macOS 10.10, iOS 8.0, watchOS 2.0, tvOS 9.0, *)
extension Date: CustomStringConvertible {
    public var description: String { fatalError() }
}

@available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
public protocol FormatStyle: Decodable, Encodable, Hashable {
    associatedtype FormatInput
    associatedtype FormatOutput
    func format(_ value: FormatInput) -> FormatOutput
}

@available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
extension Date {
    public struct ISO8601FormatStyle: Sendable, FormatStyle {
        public init() {}
        public func format(_ value: Date) -> String { fatalError() }
    }

    public func formatted<F: FormatStyle>(_ format: F) -> F.FormatOutput where F.FormatInput == Date {
        format.format(self)
    }
}

@available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
extension FormatStyle where Self == Date.ISO8601FormatStyle {
    public static var iso8601: Self { Self() }
}
