import Foundation

/// Writes one flat JSON object by hand, for the request log line and the replies every
/// notification gets: an encoder costs more than the rest of their work.
package struct JSONObjectWriter {
    private var text = "{"

    mutating func add(_ key: String, _ value: String?) {
        guard let value else { return }
        separate(key)
        Self.appendQuoted(value, to: &text)
    }

    mutating func add(_ key: String, _ value: Int) {
        separate(key)
        text += String(value)
    }

    mutating func add(_ key: String, _ value: Double) {
        separate(key)
        text += String(value)
    }

    var string: String { text + "}" }

    private mutating func separate(_ key: String) {
        if text.utf8.count > 1 { text += "," }
        Self.appendQuoted(key, to: &text)
        text += ":"
    }

    /// A JSON string literal: quotes, backslashes and control characters escaped.
    package static func appendQuoted(_ value: String, to text: inout String) {
        text += "\""
        if !value.utf8.contains(where: { $0 == 0x22 || $0 == 0x5C || $0 < 0x20 }) {
            text += value
        } else {
            for scalar in value.unicodeScalars {
                switch scalar {
                case "\"": text += "\\\""
                case "\\": text += "\\\\"
                case "\n": text += "\\n"
                case "\r": text += "\\r"
                case "\t": text += "\\t"
                case _ where scalar.value < 0x20: text += String(format: "\\u%04x", scalar.value)
                default: text.unicodeScalars.append(scalar)
                }
            }
        }
        text += "\""
    }
}
