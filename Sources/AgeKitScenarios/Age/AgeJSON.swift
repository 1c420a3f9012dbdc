/// A JSON value for the `age` commands' `--json` output, written with sorted keys so the
/// output is stable for scripts and snapshots.
package indirect enum AgeJSON: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([AgeJSON])
    case object([String: AgeJSON])

    package static func optional(_ value: Int?) -> AgeJSON { value.map(AgeJSON.int) ?? .null }
    package static func optional(_ value: String?) -> AgeJSON { value.map(AgeJSON.string) ?? .null }
    package static func optional(_ value: Bool?) -> AgeJSON { value.map(AgeJSON.bool) ?? .null }

    /// Pretty-printed with two-space indentation.
    package func rendered(indent: Int = 0) -> String {
        let pad = String(repeating: "  ", count: indent + 1)
        let close = String(repeating: "  ", count: indent)
        switch self {
        case .null: return "null"
        case .bool(let value): return value ? "true" : "false"
        case .int(let value): return String(value)
        case .double(let value): return value.isFinite ? String(value) : "null"
        case .string(let value): return Self.quoted(value)
        case .array(let values):
            guard !values.isEmpty else { return "[]" }
            return "[\n" + values.map { pad + $0.rendered(indent: indent + 1) }.joined(separator: ",\n") + "\n\(close)]"
        case .object(let fields):
            guard !fields.isEmpty else { return "{}" }
            let lines = fields.keys.sorted().map { key in
                pad + Self.quoted(key) + ": " + fields[key]!.rendered(indent: indent + 1)
            }
            return "{\n" + lines.joined(separator: ",\n") + "\n\(close)}"
        }
    }

    /// A JSON string literal, escaped as the server escapes its own JSON: the quote, the
    /// backslash and the control characters; every other character is written as it is.
    package static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case ..<" ":
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
