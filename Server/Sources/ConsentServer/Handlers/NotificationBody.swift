/// The one body Apple sends, `{"signedPayload": "<JWS>"}`, read in one pass over its bytes.
///
/// Nothing else is accepted: another key, a second `signedPayload`, or a value that is not a
/// string is refused where the scan meets it, before anything is built. A general JSON parser
/// here was a CPU amplifier: a 244 KB body of nested arrays beside the payload cost about 330
/// times a valid notification before its 401.
enum NotificationBody {
    static let field = "signedPayload"

    /// The JWS's bytes (a slice of `body` unless an escape had to be decoded), or the refusal
    /// with its code.
    static func signedPayload(in body: [UInt8]) -> Result<ArraySlice<UInt8>, ServerError> {
        var scanner = Scanner(bytes: body)
        do {
            return .success(try scanner.object())
        } catch let refusal as ServerError {
            return .failure(refusal)
        } catch {
            return .failure(Self.malformed("the body could not be read"))
        }
    }

    /// For a body still arriving: the refusal its first bytes already earn, or nil while they
    /// could still begin Apple's shape (the scan ran out of bytes) or make it whole.
    static func refusal(ofPrefix prefix: [UInt8]) -> ServerError? {
        var scanner = Scanner(bytes: prefix)
        do {
            _ = try scanner.object()
            return nil
        } catch let refusal as ServerError {
            return scanner.index < prefix.count ? refusal : nil
        } catch {
            return nil
        }
    }

    static func malformed(_ detail: String) -> ServerError {
        ServerError(
            .malformedBody, #"the body must be the JSON object {"signedPayload": "<JWS>"}: "# + detail)
    }

    private struct Scanner {
        let bytes: [UInt8]
        var index = 0

        mutating func object() throws -> ArraySlice<UInt8> {
            skipSpace()
            try expect(UInt8(ascii: "{"), "it does not start with '{'")
            var payload: ArraySlice<UInt8>?
            skipSpace()
            if peek == UInt8(ascii: "}") { throw NotificationBody.malformed("it has no signedPayload") }
            while true {
                skipSpace()
                guard peek == UInt8(ascii: "\"") else { throw NotificationBody.malformed("a key is not a string") }
                let key = try string()
                guard key.elementsEqual(NotificationBody.field.utf8) else {
                    throw ServerError(
                        .unexpectedField,
                        "the body has a field '\(String(decoding: key, as: UTF8.self).prefix(64))': "
                            + "Apple's holds signedPayload alone")
                }
                guard payload == nil else {
                    throw ServerError(.duplicateField, "the body holds signedPayload more than once")
                }
                skipSpace()
                try expect(UInt8(ascii: ":"), "a key is not followed by ':'")
                skipSpace()
                guard peek == UInt8(ascii: "\"") else {
                    throw NotificationBody.malformed("signedPayload is not a string")
                }
                let value = try string()
                guard !value.isEmpty else { throw NotificationBody.malformed("signedPayload is empty") }
                payload = value
                skipSpace()
                if peek == UInt8(ascii: ",") {
                    index += 1
                    continue
                }
                try expect(UInt8(ascii: "}"), "the object does not end with '}'")
                break
            }
            skipSpace()
            guard index == bytes.count else { throw NotificationBody.malformed("something follows the object") }
            return payload!
        }

        var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

        mutating func expect(_ byte: UInt8, _ detail: String) throws {
            guard peek == byte else { throw NotificationBody.malformed(detail) }
            index += 1
        }

        mutating func skipSpace() {
            while let byte = peek, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { index += 1 }
        }

        /// A JSON string's UTF-8 from its opening quote, escapes decoded. A JWS has none, so
        /// without a backslash the string is a slice of the body, nothing copied.
        mutating func string() throws -> ArraySlice<UInt8> {
            index += 1
            let start = index
            while let byte = peek, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\") {
                guard byte >= 0x20 else { throw NotificationBody.malformed("a string holds a control character") }
                index += 1
            }
            var text = bytes[start..<index]
            while let byte = peek, byte == UInt8(ascii: "\\") {
                index += 1
                text += try escape()
                while let byte = peek, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\") {
                    guard byte >= 0x20 else { throw NotificationBody.malformed("a string holds a control character") }
                    text.append(byte)
                    index += 1
                }
            }
            try expect(UInt8(ascii: "\""), "a string is not closed")
            do {
                _ = try UTF8Span(validating: text.span)
            } catch {
                throw NotificationBody.malformed("a string is not UTF-8")
            }
            return text
        }

        /// The bytes of one escape, after its backslash.
        mutating func escape() throws -> [UInt8] {
            guard let byte = peek else { throw NotificationBody.malformed("a string is not closed") }
            index += 1
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): return [byte]
            case UInt8(ascii: "b"): return [0x08]
            case UInt8(ascii: "f"): return [0x0C]
            case UInt8(ascii: "n"): return [0x0A]
            case UInt8(ascii: "r"): return [0x0D]
            case UInt8(ascii: "t"): return [0x09]
            case UInt8(ascii: "u"):
                var scalar = try hex4()
                if (0xD800..<0xDC00).contains(scalar) {
                    guard peek == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u")
                    else { throw NotificationBody.malformed("a string holds half a surrogate pair") }
                    index += 2
                    let low = try hex4()
                    guard (0xDC00..<0xE000).contains(low) else {
                        throw NotificationBody.malformed("a string holds half a surrogate pair")
                    }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let unicode = Unicode.Scalar(scalar) else {
                    throw NotificationBody.malformed("a string holds an invalid escape")
                }
                return Array(String(Character(unicode)).utf8)
            default:
                throw NotificationBody.malformed("a string holds an invalid escape")
            }
        }

        mutating func hex4() throws -> UInt32 {
            guard index + 4 <= bytes.count else { throw NotificationBody.malformed("a string holds an invalid escape") }
            var value: UInt32 = 0
            for byte in bytes[index..<(index + 4)] {
                let digit: UInt8
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
                default: throw NotificationBody.malformed("a string holds an invalid escape")
                }
                value = value << 4 | UInt32(digit)
            }
            index += 4
            return value
        }
    }
}
