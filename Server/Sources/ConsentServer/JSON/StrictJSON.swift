/// A strict reading of RFC 8259 JSON that checks a document before Foundation parses it,
/// because Foundation takes the last of two equal keys, and says only "The data is not in
/// the correct format." when it refuses. Refused with a `ServerError` whose reason starts with
/// the line and column of the fault: a
/// duplicate key in any object (compared after unescaping), a trailing comma, anything
/// after the value, a number beyond a double's range, and every other syntax error. Nesting is bounded, so that the recursion
/// cannot exhaust the stack whatever the input.
package struct StrictJSON {
    /// Deeper than any configuration or admin body needs; shallow enough for a small stack.
    package static let maxDepth = 64

    /// Returns when `bytes` hold exactly one JSON value (with surrounding whitespace).
    package static func check(_ bytes: [UInt8], maxDepth: Int = maxDepth) throws(ServerError) {
        var reader = StrictJSON(bytes: bytes, maxDepth: maxDepth)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.index = 3 }  // a UTF-8 byte order mark
        reader.skipWhitespace()
        try reader.value(depth: 0)
        reader.skipWhitespace()
        if reader.index < bytes.count { throw reader.problem("unexpected \(reader.shown) after the JSON value") }
    }

    private let bytes: [UInt8]
    private let maxDepth: Int
    private var index = 0
    private var line = 1
    private var column = 1

    private init(bytes: [UInt8], maxDepth: Int) {
        self.bytes = bytes
        self.maxDepth = maxDepth
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    /// The byte at the cursor as people read it in a message.
    private var shown: String {
        guard let byte = current else { return "end of input" }
        return (0x21...0x7E).contains(byte) ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(hex(byte))"
    }

    /// A fault at the cursor, as `line 3, column 5: expected ':' after the key`.
    private func problem(_ message: String) -> ServerError { Self.problem(at: (line, column), message) }

    /// A duplicate key is `duplicate_field`; every other fault, `malformed_body` (a caller
    /// reading a file names its own code).
    private static func problem(
        at place: (line: Int, column: Int), _ message: String, duplicate: Bool = false
    )
        -> ServerError
    {
        ServerError(
            duplicate ? .duplicateField : .malformedBody, "line \(place.line), column \(place.column): \(message)")
    }

    private mutating func advance() {
        guard let byte = current else { return }
        index += 1
        if byte == UInt8(ascii: "\n") {
            (line, column) = (line + 1, 1)
        } else if byte & 0xC0 != 0x80 {
            column += 1  // columns count characters: a UTF-8 continuation byte adds none
        }
    }

    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { advance() }
    }

    private mutating func expect(_ byte: UInt8, _ what: String) throws(ServerError) {
        guard current == byte else { throw problem("expected \(what), found \(shown)") }
        advance()
    }

    private mutating func value(depth: Int) throws(ServerError) {
        guard let byte = current else { throw problem("expected a value, found end of input") }
        switch byte {
        case UInt8(ascii: "{"): try object(depth: depth + 1)
        case UInt8(ascii: "["): try array(depth: depth + 1)
        case UInt8(ascii: "\""): _ = try string()
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try number()
        default: throw problem("expected a value, found \(shown)")
        }
    }

    private mutating func object(depth: Int) throws(ServerError) {
        guard depth <= maxDepth else { throw problem("nested deeper than \(maxDepth) levels") }
        advance()
        skipWhitespace()
        if current == UInt8(ascii: "}") { return advance() }
        var seen: [String: (line: Int, column: Int)] = [:]
        while true {
            guard current == UInt8(ascii: "\"") else {
                throw problem(seen.isEmpty ? "expected a key in quotes, found \(shown)" : trailingComma("an object"))
            }
            let at = (line, column)
            let key = try string()
            if let first = seen[key] {
                throw Self.problem(
                    at: at, "duplicate key \"\(key)\" (first at line \(first.line), column \(first.column))",
                    duplicate: true)
            }
            seen[key] = at
            skipWhitespace()
            try expect(UInt8(ascii: ":"), "':' after the key")
            skipWhitespace()
            try value(depth: depth)
            skipWhitespace()
            if current == UInt8(ascii: "}") { return advance() }
            try expect(UInt8(ascii: ","), "',' or '}'")
            skipWhitespace()
        }
    }

    private mutating func array(depth: Int) throws(ServerError) {
        guard depth <= maxDepth else { throw problem("nested deeper than \(maxDepth) levels") }
        advance()
        skipWhitespace()
        if current == UInt8(ascii: "]") { return advance() }
        while true {
            try value(depth: depth)
            skipWhitespace()
            if current == UInt8(ascii: "]") { return advance() }
            try expect(UInt8(ascii: ","), "',' or ']'")
            skipWhitespace()
            if current == UInt8(ascii: "]") { throw problem(trailingComma("a list")) }
        }
    }

    private func trailingComma(_ container: String) -> String {
        current == UInt8(ascii: "}") || current == UInt8(ascii: "]")
            ? "trailing comma: nothing may follow the last item of \(container)"
            : "expected a key in quotes, found \(shown)"
    }

    private mutating func literal(_ word: String) throws(ServerError) {
        for expected in word.utf8 {
            guard current == expected else { throw problem("expected \(word), found \(shown)") }
            advance()
        }
    }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`
    /// A number as RFC 8259 spells it, within a double's range: Foundation refuses one beyond
    /// it (`1e400`), so it is refused here, where its place can be named.
    private mutating func number() throws(ServerError) {
        let (start, place) = (index, (line, column))
        try numberSyntax()
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard Double(text)?.isFinite == true else {
            throw Self.problem(at: place, "the number \(text.prefix(40)) is beyond a double's range")
        }
    }

    private mutating func numberSyntax() throws(ServerError) {
        if current == UInt8(ascii: "-") { advance() }
        if current == UInt8(ascii: "0") {
            advance()
            if let byte = current, isDigit(byte) { throw problem("a number may not start with 0") }
        } else {
            try digits()
        }
        if current == UInt8(ascii: ".") {
            advance()
            try digits()
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            advance()
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { advance() }
            try digits()
        }
    }

    private mutating func digits() throws(ServerError) {
        guard let first = current, isDigit(first) else { throw problem("expected a digit, found \(shown)") }
        while let byte = current, isDigit(byte) { advance() }
    }

    private func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }

    /// Reads a string at its opening quote and returns it unescaped (keys are compared so).
    private mutating func string() throws(ServerError) -> String {
        advance()
        var scalars = String.UnicodeScalarView()
        var raw: [UInt8] = []
        while true {
            guard let byte = current else { throw problem("unterminated string") }
            switch byte {
            case UInt8(ascii: "\""):
                advance()
                guard let text = String(validating: raw, as: UTF8.self) else {
                    throw problem("the string before this point is not UTF-8")
                }
                scalars.append(contentsOf: text.unicodeScalars)
                return String(scalars)
            case UInt8(ascii: "\\"):
                guard let text = String(validating: raw, as: UTF8.self) else {
                    throw problem("the string before this point is not UTF-8")
                }
                scalars.append(contentsOf: text.unicodeScalars)
                raw.removeAll(keepingCapacity: true)
                advance()
                scalars.append(try escape())
            case 0x00..<0x20:
                throw problem("control character 0x\(hex(byte)) in a string (escape it)")
            default:
                raw.append(byte)
                advance()
            }
        }
    }

    /// The escape after a backslash; a UTF-16 surrogate must come in a pair.
    private mutating func escape() throws(ServerError) -> Unicode.Scalar {
        guard let byte = current else { throw problem("unterminated string") }
        let simple: [UInt8: Unicode.Scalar] = [
            0x22: "\"", 0x5C: "\\", 0x2F: "/", 0x62: "\u{08}", 0x66: "\u{0C}", 0x6E: "\n", 0x72: "\r", 0x74: "\t",
        ]
        if let scalar = simple[byte] {
            advance()
            return scalar
        }
        guard byte == UInt8(ascii: "u") else { throw problem("invalid escape \\\(shown)") }
        advance()
        let unit = try hexUnit()
        if (0xD800..<0xDC00).contains(unit) {
            guard current == UInt8(ascii: "\\") else { throw problem("a high surrogate must be followed by a low one") }
            advance()
            try expect(UInt8(ascii: "u"), "\\u and a low surrogate")
            let low = try hexUnit()
            guard (0xDC00..<0xE000).contains(low) else { throw problem("expected a low surrogate") }
            return Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))!
        }
        guard let scalar = Unicode.Scalar(unit) else { throw problem("a low surrogate without a high one") }
        return scalar
    }

    private mutating func hexUnit() throws(ServerError) -> UInt32 {
        var unit: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = current, let digit = Int(String(Unicode.Scalar(byte)), radix: 16) else {
                throw problem("expected 4 hexadecimal digits after \\u, found \(shown)")
            }
            unit = unit << 4 | UInt32(digit)
            advance()
        }
        return unit
    }

    private func hex(_ byte: UInt8) -> String {
        let text = String(byte, radix: 16, uppercase: true)
        return text.count == 1 ? "0" + text : text
    }
}
