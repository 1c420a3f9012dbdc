/// The protected header of a JWS: only what ES256 with an `x5c` chain needs.
///
/// Read with a small byte scanner instead of a JSON decoder: the header is tiny, its shape
/// is fixed, and this runs on every verification.
struct JOSEHeader: Sendable {
    var alg: String
    /// The certificates as they appear in the header (standard base64 of DER).
    var x5c: [String]?

    static func parse(_ bytes: [UInt8]) throws(VerificationError) -> JOSEHeader {
        var scanner = JSONScanner(bytes)
        var alg: String?
        var x5c: [String]?
        do {
            try scanner.expect(UInt8(ascii: "{"))
            if !scanner.consume(UInt8(ascii: "}")) {
                repeat {
                    let key = try scanner.string()
                    try scanner.expect(UInt8(ascii: ":"))
                    switch key {
                    case "alg":
                        guard alg == nil else { throw JSONScanner.Failure("duplicate alg") }
                        alg = try scanner.string()
                    case "x5c":
                        guard x5c == nil else { throw JSONScanner.Failure("duplicate x5c") }
                        x5c = try scanner.stringArray()
                    case "crit":
                        throw VerificationError(.unsupportedAlgorithm, "the JWS header lists critical extensions")
                    default:
                        try scanner.skipValue(depth: 0)
                    }
                } while scanner.consume(UInt8(ascii: ","))
                try scanner.expect(UInt8(ascii: "}"))
            }
            try scanner.expectEnd()
        } catch let failure as JSONScanner.Failure {
            throw VerificationError(.malformedJWS, "the JWS header is not valid JSON: \(failure.message)")
        } catch let error as VerificationError {
            throw error
        } catch {
            throw VerificationError(.malformedJWS, "the JWS header is not valid JSON")
        }
        guard let alg else { throw VerificationError(.unsupportedAlgorithm, "the JWS header has no alg") }
        return JOSEHeader(alg: alg, x5c: x5c)
    }
}

/// A strict JSON tokenizer over bytes, enough to read a JOSE header.
struct JSONScanner {
    struct Failure: Error {
        var message: String
        init(_ message: String) { self.message = message }
    }

    private let bytes: [UInt8]
    private var index = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    private mutating func skipSpace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    mutating func consume(_ byte: UInt8) -> Bool {
        skipSpace()
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    mutating func expect(_ byte: UInt8) throws(Failure) {
        guard consume(byte) else { throw Failure("expected '\(Character(Unicode.Scalar(byte)))' at byte \(index)") }
    }

    mutating func expectEnd() throws(Failure) {
        skipSpace()
        guard index == bytes.count else { throw Failure("trailing bytes at \(index)") }
    }

    mutating func string() throws(Failure) -> String {
        try expect(UInt8(ascii: "\""))
        let start = index
        // Fast path: no escapes.
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let value = String(decoding: bytes[start..<index], as: UTF8.self)
                index += 1
                return value
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw Failure("control character in a string") }
            index += 1
        }
        var out = Array(bytes[start..<index])
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                return String(decoding: out, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard index < bytes.count else { throw Failure("unterminated escape") }
                let escaped = bytes[index]
                index += 1
                switch escaped {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(escaped)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    guard index + 4 <= bytes.count,
                        let code = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16),
                        let scalar = Unicode.Scalar(code)
                    else { throw Failure("bad \\u escape") }
                    index += 4
                    out.append(contentsOf: Array(String(Character(scalar)).utf8))
                default: throw Failure("bad escape")
                }
            default:
                if byte < 0x20 { throw Failure("control character in a string") }
                out.append(byte)
            }
        }
        throw Failure("unterminated string")
    }

    mutating func stringArray() throws(Failure) -> [String] {
        try expect(UInt8(ascii: "["))
        var values: [String] = []
        if consume(UInt8(ascii: "]")) { return values }
        repeat {
            guard values.count < 16 else { throw Failure("too many entries") }
            values.append(try string())
        } while consume(UInt8(ascii: ","))
        try expect(UInt8(ascii: "]"))
        return values
    }

    /// Skips one value of any type, refusing deep nesting so memory and time stay bounded.
    mutating func skipValue(depth: Int) throws(Failure) {
        guard depth < 16 else { throw Failure("nesting too deep") }
        skipSpace()
        guard index < bytes.count else { throw Failure("missing value") }
        switch bytes[index] {
        case UInt8(ascii: "\""):
            _ = try string()
        case UInt8(ascii: "{"):
            index += 1
            if consume(UInt8(ascii: "}")) { return }
            repeat {
                _ = try string()
                try expect(UInt8(ascii: ":"))
                try skipValue(depth: depth + 1)
            } while consume(UInt8(ascii: ","))
            try expect(UInt8(ascii: "}"))
        case UInt8(ascii: "["):
            index += 1
            if consume(UInt8(ascii: "]")) { return }
            repeat { try skipValue(depth: depth + 1) } while consume(UInt8(ascii: ","))
            try expect(UInt8(ascii: "]"))
        default:
            let start = index
            while index < bytes.count {
                let byte = bytes[index]
                let isLiteral =
                    (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                    || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                    || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".")
                    || byte == UInt8(ascii: "E")
                guard isLiteral else { break }
                index += 1
            }
            guard index > start else { throw Failure("unexpected byte at \(index)") }
        }
    }
}
