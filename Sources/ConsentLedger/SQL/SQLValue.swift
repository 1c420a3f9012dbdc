/// A value bound to or read from a statement, the same for every backend.
public enum SQLValue: Sendable, Hashable {
    case null
    case integer(Int64)
    case text(String)

    public init(_ text: String?) { self = text.map(SQLValue.text) ?? .null }
    public init(_ integer: Int64?) { self = integer.map(SQLValue.integer) ?? .null }
    public init(_ flag: Bool) { self = .integer(flag ? 1 : 0) }

    public var text: String? {
        switch self {
        case .text(let value): value
        case .integer(let value): String(value)
        case .null: nil
        }
    }

    public var integer: Int64? {
        switch self {
        case .integer(let value): value
        case .text(let value): Int64(value)
        case .null: nil
        }
    }

    public var bool: Bool { (integer ?? 0) != 0 }
}

/// One result row, read by column position.
public struct SQLRow: Sendable {
    public let values: [SQLValue]
    public init(_ values: [SQLValue]) { self.values = values }
    public subscript(_ index: Int) -> SQLValue { index < values.count ? values[index] : .null }
}
