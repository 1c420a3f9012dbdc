import Foundation

/// Writes one flat JSON object by hand, as UTF-8 bytes, for the request log line and the
/// replies every notification gets: an encoder costs more than the rest of their work.
/// A field without a value is written as `null`, never left out (docs/cli.md, "JSON output").
package struct JSONObjectWriter {
    private var text: [UInt8] = [UInt8(ascii: "{")]

    init() { text.reserveCapacity(256) }

    mutating func add(_ key: String, _ value: String?) {
        separate(key)
        guard let value else { return text.append(contentsOf: "null".utf8) }
        Self.appendQuoted(value, to: &text)
    }

    mutating func add(_ key: String, _ value: Int?) {
        guard let value else {
            separate(key)
            return text.append(contentsOf: "null".utf8)
        }
        add(key, value)
    }

    mutating func add(_ key: String, _ value: Int) {
        separate(key)
        text.append(contentsOf: String(value).utf8)
    }

    mutating func add(_ key: String, _ value: Double) {
        separate(key)
        text.append(contentsOf: String(value).utf8)
    }

    /// The object, closed.
    var bytes: [UInt8] { text + [UInt8(ascii: "}")] }

    var string: String { String(decoding: bytes, as: UTF8.self) }

    private mutating func separate(_ key: String) {
        if text.count > 1 { text.append(UInt8(ascii: ",")) }
        Self.appendQuoted(key, to: &text)
        text.append(UInt8(ascii: ":"))
    }

    /// A JSON string literal: quotes, backslashes and control characters escaped.
    package static func appendQuoted(_ value: String, to text: inout [UInt8]) {
        text.append(UInt8(ascii: "\""))
        if !value.utf8.contains(where: Self.needsEscape) {
            text.append(contentsOf: value.utf8)
        } else {
            for byte in value.utf8 {
                switch byte {
                case UInt8(ascii: "\""): text.append(contentsOf: #"\""#.utf8)
                case UInt8(ascii: "\\"): text.append(contentsOf: #"\\"#.utf8)
                case UInt8(ascii: "\n"): text.append(contentsOf: #"\n"#.utf8)
                case UInt8(ascii: "\r"): text.append(contentsOf: #"\r"#.utf8)
                case UInt8(ascii: "\t"): text.append(contentsOf: #"\t"#.utf8)
                case ..<0x20:
                    let hex = Array("0123456789abcdef".utf8)
                    text.append(contentsOf: #"\u00"#.utf8)
                    text.append(contentsOf: [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
                default: text.append(byte)  // UTF-8 of the other characters passes unchanged
                }
            }
        }
        text.append(UInt8(ascii: "\""))
    }

    /// The same literal appended to a `String`.
    package static func appendQuoted(_ value: String, to text: inout String) {
        var bytes: [UInt8] = []
        appendQuoted(value, to: &bytes)
        text += String(decoding: bytes, as: UTF8.self)
    }

    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20
    }
}
