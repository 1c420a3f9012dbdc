// Foundation stand-in for scripts/apple-sdk-check: Apple's declarations, type-checked only, never run.

open class JSONEncoder: @unchecked Sendable {
    public struct OutputFormatting: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let prettyPrinted = OutputFormatting(rawValue: 1 << 0)
        @available(macOS 10.13, iOS 11.0, watchOS 4.0, tvOS 11.0, *)
        public static let sortedKeys = OutputFormatting(rawValue: 1 << 1)
        @available(macOS 10.15, iOS 13.0, watchOS 6.0, tvOS 13.0, *)
        public static let withoutEscapingSlashes = OutputFormatting(rawValue: 1 << 3)
    }

    public enum DateEncodingStrategy: Sendable {
        case deferredToDate
        case secondsSince1970
        case millisecondsSince1970
        @available(macOS 10.12, iOS 10.0, watchOS 3.0, tvOS 10.0, *)
        case iso8601
        @preconcurrency case custom(@Sendable (Date, any Encoder) throws -> Void)
    }

    open var outputFormatting: JSONEncoder.OutputFormatting
    open var dateEncodingStrategy: JSONEncoder.DateEncodingStrategy

    public init() { fatalError() }

    open func encode<T: Encodable>(_ value: T) throws -> Data { fatalError() }
}

open class JSONDecoder: @unchecked Sendable {
    public enum DateDecodingStrategy: Sendable {
        case deferredToDate
        case secondsSince1970
        case millisecondsSince1970
        @available(macOS 10.12, iOS 10.0, watchOS 3.0, tvOS 10.0, *)
        case iso8601
        @preconcurrency case custom(@Sendable (_ decoder: any Decoder) throws -> Date)
    }

    open var dateDecodingStrategy: JSONDecoder.DateDecodingStrategy

    public init() { fatalError() }

    open func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T { fatalError() }
}

open class JSONSerialization: NSObject {
    public struct ReadingOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let fragmentsAllowed = ReadingOptions(rawValue: 1 << 2)
    }

    open class func jsonObject(with data: Data, options opt: JSONSerialization.ReadingOptions = []) throws -> Any {
        fatalError()
    }
}
