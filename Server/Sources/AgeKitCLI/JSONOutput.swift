import Foundation

/// What `--json` prints: one JSON value on one line, keys sorted, and a field without a value
/// written as null (never left out), as the overview promises.
enum JSONOutput {
    /// `value` is built of dictionaries, arrays, strings, numbers, booleans and `NSNull`;
    /// Swift optionals that are nil become null.
    static func line(_ value: Any) -> String {
        let data =
            (try? JSONSerialization.data(
                withJSONObject: normalized(value), options: [.sortedKeys, .withoutEscapingSlashes, .fragmentsAllowed]))
            ?? Data("null".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    /// An encodable value (the admin API's shapes) on one line, keys sorted.
    static func encoded(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "null"
    }

    /// A nil wrapped in `Any` (an `Int?` in a dictionary literal) as `NSNull`.
    private static func normalized(_ value: Any) -> Any {
        if let dictionary = value as? [String: Any] { return dictionary.mapValues(normalized) }
        if let array = value as? [Any] { return array.map(normalized) }
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .optional {
            guard let wrapped = mirror.children.first?.value else { return NSNull() }
            return normalized(wrapped)
        }
        return value
    }
}
