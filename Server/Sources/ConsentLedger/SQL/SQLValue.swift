/// A value bound to or read from a statement, the same for every backend.
package enum SQLValue: Sendable, Hashable {
    case null
    case integer(Int64)
    case text(String)
    /// Text given as its UTF-8 bytes, bound as they are: a signed payload goes from the
    /// request body to the database without a `String` made of it. For text columns only.
    case utf8(ArraySlice<UInt8>)

    package init(_ text: String?) { self = text.map(SQLValue.text) ?? .null }
    package init(_ integer: Int64?) { self = integer.map(SQLValue.integer) ?? .null }
    package init(_ flag: Bool) { self = .integer(flag ? 1 : 0) }

    package var text: String? {
        switch self {
        case .text(let value): value
        case .utf8(let bytes): String(decoding: bytes, as: UTF8.self)
        case .integer(let value): String(value)
        case .null: nil
        }
    }

    package var integer: Int64? {
        switch self {
        case .integer(let value): value
        case .text(let value): Int64(value)
        case .utf8(let bytes): Int64(String(decoding: bytes, as: UTF8.self))
        case .null: nil
        }
    }

    package var bool: Bool { (integer ?? 0) != 0 }

    var isUTF8: Bool {
        if case .utf8 = self { true } else { false }
    }
}

/// One result row, read by column position.
package struct SQLRow: Sendable {
    package let values: [SQLValue]
    package init(_ values: [SQLValue]) { self.values = values }
    package subscript(_ index: Int) -> SQLValue { index < values.count ? values[index] : .null }
}
