// Foundation stand-in for scripts/apple-sdk-check: Apple's declarations, type-checked only, never run.

public struct URL: Equatable, Sendable, Hashable {
    public init(fileURLWithPath path: String) { fatalError() }
    public init?(string: String) { fatalError() }

    public var path: String { fatalError() }
    public var lastPathComponent: String { fatalError() }
    public func appendingPathComponent(_ pathComponent: String) -> URL { fatalError() }
}

extension URL: Codable {
    public init(from decoder: any Decoder) throws { fatalError() }
    public func encode(to encoder: any Encoder) throws { fatalError() }
}

public struct FileAttributeKey: RawRepresentable, Equatable, Hashable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
}

open class FileManager: @unchecked Sendable {
    open class var `default`: FileManager { fatalError() }

    open func fileExists(atPath path: String) -> Bool { fatalError() }
    open func createDirectory(
        at url: URL, withIntermediateDirectories createIntermediates: Bool, attributes: [FileAttributeKey: Any]? = nil
    ) throws { fatalError() }
    open func removeItem(at URL: URL) throws { fatalError() }
}
