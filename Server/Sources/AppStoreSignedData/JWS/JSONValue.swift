/// A parsed JSON value. App Store payloads are decoded from it through each model's field
/// list (see `PayloadDecoding.swift`): on the hot path this is several times cheaper than `Codable`.
package enum JSONValue: Sendable, Equatable {
    case string(String)
    /// A number without fraction or exponent that fits in 64 bits.
    case integer(Int64)
    /// Any other number, kept as written (no payload field needs one).
    case number(String)
    case bool(Bool)
    case null
    case array([JSONValue])
    case object([String: JSONValue])

    /// Strict RFC 8259: one value, no trailing bytes, valid UTF-8 in strings, no duplicate
    /// keys (two parsers must never read one payload two ways), nesting at most 32 deep.
    static func parse(_ bytes: [UInt8]) throws(VerificationError) -> JSONValue {
        try bytes.withUnsafeBufferPointer { buffer throws(VerificationError) -> JSONValue in
            var parser = Parser(bytes: buffer)
            let value = try parser.value(depth: 0)
            parser.skipSpace()
            guard parser.index == buffer.count else {
                throw .malformedPayload("trailing bytes at offset \(parser.index)")
            }
            return value
        }
    }

    private struct Parser {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0

        mutating func skipSpace() {
            while index < bytes.count {
                switch bytes[index] {
                case 0x20, 0x09, 0x0A, 0x0D: index += 1
                default: return
                }
            }
        }

        mutating func value(depth: Int) throws(VerificationError) -> JSONValue {
            guard depth < 32 else { throw .malformedPayload("nesting deeper than 32") }
            skipSpace()
            guard index < bytes.count else { throw .malformedPayload("unexpected end") }
            switch bytes[index] {
            case UInt8(ascii: "{"):
                index += 1
                // Room for a typical payload object up front: growing rehashes every key.
                var object = [String: JSONValue](minimumCapacity: 16)
                skipSpace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                    index += 1
                    return .object(object)
                }
                while true {
                    skipSpace()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                        throw .malformedPayload("expected a key at offset \(index)")
                    }
                    let key = try string()
                    skipSpace()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                        throw .malformedPayload("expected ':' at offset \(index)")
                    }
                    index += 1
                    let member = try value(depth: depth + 1)
                    guard object.updateValue(member, forKey: key) == nil else {
                        throw .malformedPayload("duplicate key \"\(key.prefix(64))\"")
                    }
                    skipSpace()
                    guard index < bytes.count else { throw .malformedPayload("unterminated object") }
                    if bytes[index] == UInt8(ascii: ",") {
                        index += 1
                    } else if bytes[index] == UInt8(ascii: "}") {
                        index += 1
                        return .object(object)
                    } else {
                        throw .malformedPayload("expected ',' or '}' at offset \(index)")
                    }
                }
            case UInt8(ascii: "["):
                index += 1
                var array: [JSONValue] = []
                skipSpace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                    index += 1
                    return .array(array)
                }
                while true {
                    array.append(try value(depth: depth + 1))
                    skipSpace()
                    guard index < bytes.count else { throw .malformedPayload("unterminated array") }
                    if bytes[index] == UInt8(ascii: ",") {
                        index += 1
                    } else if bytes[index] == UInt8(ascii: "]") {
                        index += 1
                        return .array(array)
                    } else {
                        throw .malformedPayload("expected ',' or ']' at offset \(index)")
                    }
                }
            case UInt8(ascii: "\""):
                return .string(try string())
            case UInt8(ascii: "t"):
                try literal("true")
                return .bool(true)
            case UInt8(ascii: "f"):
                try literal("false")
                return .bool(false)
            case UInt8(ascii: "n"):
                try literal("null")
                return .null
            default:
                return try number()
            }
        }

        mutating func literal(_ word: StaticString) throws(VerificationError) {
            let count = word.utf8CodeUnitCount
            guard index + count <= bytes.count else { throw .malformedPayload("unexpected end") }
            for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] {
                throw .malformedPayload("unexpected byte at offset \(index + offset)")
            }
            index += count
        }

        mutating func number() throws(VerificationError) -> JSONValue {
            let start = index
            var integral = true
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
            let digitsStart = index
            while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
                index += 1
            }
            let digitCount = index - digitsStart
            guard digitCount > 0 else { throw .malformedPayload("unexpected byte at offset \(start)") }
            guard digitCount == 1 || bytes[digitsStart] != UInt8(ascii: "0") else {
                throw .malformedPayload("leading zero at offset \(start)")
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                integral = false
                index += 1
                let fractionStart = index
                while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
                    index += 1
                }
                guard index > fractionStart else { throw .malformedPayload("bad number at offset \(start)") }
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
                integral = false
                index += 1
                if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                    index += 1
                }
                let exponentStart = index
                while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
                    index += 1
                }
                guard index > exponentStart else { throw .malformedPayload("bad number at offset \(start)") }
            }
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
            if integral, let value = Int64(text) { return .integer(value) }
            return .number(text)
        }

        /// A string starting at the opening quote; validates UTF-8 and decodes escapes.
        mutating func string() throws(VerificationError) -> String {
            index += 1  // the opening quote
            let start = index
            var escaped = false
            let run = JSONValue.plainRun(in: bytes, from: index)
            index = run.end
            var nonASCII = run.nonASCII
            while index < bytes.count {
                let byte = bytes[index]
                nonASCII = nonASCII || byte >= 0x80
                if byte == UInt8(ascii: "\"") { break }
                if byte == UInt8(ascii: "\\") {
                    escaped = true
                    index += 2
                    continue
                }
                if byte < 0x20 { throw .malformedPayload("control character in a string at offset \(index)") }
                index += 1
            }
            guard index < bytes.count else { throw .malformedPayload("unterminated string") }
            let raw = UnsafeBufferPointer(rebasing: bytes[start..<index])
            index += 1  // the closing quote
            if !escaped {
                // ASCII is valid UTF-8: skip the generic validating initializer (a metadata
                // lookup per call) for the strings App Store payloads are made of.
                if !nonASCII { return String(decoding: raw, as: UTF8.self) }
                guard let text = String(validating: raw, as: UTF8.self) else {
                    throw .malformedPayload("invalid UTF-8 in a string")
                }
                return text
            }
            return try unescape(raw)
        }

        private func unescape(_ raw: UnsafeBufferPointer<UInt8>) throws(VerificationError) -> String {
            var out: [UInt8] = []
            out.reserveCapacity(raw.count)
            var position = 0
            func hex4(_ at: Int) throws(VerificationError) -> UInt32 {
                guard at + 4 <= raw.count else { throw .malformedPayload("bad \\u escape") }
                var value: UInt32 = 0
                for offset in 0..<4 {
                    let byte = raw[at + offset]
                    let digit: UInt8
                    switch byte {
                    case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
                    case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
                    case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
                    default: throw .malformedPayload("bad \\u escape")
                    }
                    value = value << 4 | UInt32(digit)
                }
                return value
            }
            while position < raw.count {
                let byte = raw[position]
                guard byte == UInt8(ascii: "\\") else {
                    out.append(byte)
                    position += 1
                    continue
                }
                guard position + 1 < raw.count else { throw .malformedPayload("unterminated escape") }
                let kind = raw[position + 1]
                position += 2
                switch kind {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(kind)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    var code = try hex4(position)
                    position += 4
                    if (0xD800..<0xDC00).contains(code) {
                        guard position + 6 <= raw.count, raw[position] == UInt8(ascii: "\\"),
                            raw[position + 1] == UInt8(ascii: "u")
                        else { throw .malformedPayload("unpaired surrogate") }
                        let low = try hex4(position + 2)
                        guard (0xDC00..<0xE000).contains(low) else { throw .malformedPayload("unpaired surrogate") }
                        position += 6
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let scalar = Unicode.Scalar(code) else { throw .malformedPayload("unpaired surrogate") }
                    out.append(contentsOf: Array(String(Character(scalar)).utf8))
                default:
                    throw .malformedPayload("bad escape")
                }
            }
            guard let text = String(validating: out, as: UTF8.self) else {
                throw .malformedPayload("invalid UTF-8 in a string")
            }
            return text
        }
    }
}

extension JSONValue {
    /// How many bytes from the start of `bytes` need no JSON string handling (those before the
    /// first quote, backslash or control byte: a string's contents as they stand), and whether
    /// they hold a byte that is not ASCII. Read in place.
    package static func plainPrefix(of bytes: ArraySlice<UInt8>) -> (count: Int, nonASCII: Bool) {
        bytes.withUnsafeBufferPointer { bytes in
            let run = plainRun(in: bytes, from: 0)
            return (run.end, run.nonASCII)
        }
    }

    /// Where the run of bytes from `start` that needs no JSON string handling ends: at the
    /// first quote, backslash or control byte, or at the end. Also whether the run holds a
    /// byte that is not ASCII. Eight bytes are tested at a time, the bulk of the long strings
    /// in App Store payloads (nested JWS).
    static func plainRun(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> (end: Int, nonASCII: Bool) {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        var index = start
        var seen: UInt64 = 0
        if let base = bytes.baseAddress {
            while index + 8 <= bytes.count {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                let quote = word ^ (ones &* UInt64(UInt8(ascii: "\"")))
                let backslash = word ^ (ones &* UInt64(UInt8(ascii: "\\")))
                // A byte is zero (or, for the last test, below 0x20) where its high bit ends up set.
                let special =
                    ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash) | ((word &- ones &* 0x20) & ~word)
                if special & highs != 0 { break }
                seen |= word & highs
                index += 8
            }
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { break }
            seen |= UInt64(byte & 0x80)
            index += 1
        }
        return (index, seen != 0)
    }
}
