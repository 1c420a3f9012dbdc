/// A value the App Store documents as a closed list but may extend at any time: known values
/// are constants, an unknown raw value is kept as is instead of failing the whole payload.
public protocol OpenValue: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible
where RawValue: Hashable & Sendable & Codable {
    init(rawValue: RawValue)
}

extension OpenValue {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        self.init(rawValue: try container.decode(RawValue.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public var description: String { "\(rawValue)" }
}

/// The server environment that signed the data (`environment`, or `receiptType` in an app transaction).
public struct Environment: OpenValue {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let sandbox = Environment(rawValue: "Sandbox")
    public static let production = Environment(rawValue: "Production")
    /// StoreKit testing in Xcode.
    public static let xcode = Environment(rawValue: "Xcode")
    /// Payloads signed by a local test certificate authority (`agekit simulate`).
    public static let localTesting = Environment(rawValue: "LocalTesting")

    public static let documented: [Environment] = [.sandbox, .production, .xcode, .localTesting]

    /// Parses a value given by a person, accepting any letter case of the documented values.
    public static func parse(_ text: String) -> Environment? {
        documented.first { $0.rawValue.lowercased() == text.lowercased() }
    }
}
