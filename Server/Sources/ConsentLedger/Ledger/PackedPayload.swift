/// A signed payload in the form the ledger stores it.
///
/// The header of Apple's JWS carries the signing certificate chain: 4.4 KB of base64 that
/// is the same in every notification and again in every JWS nested in the payload
/// (`signedTransactionInfo`, `signedRenewalInfo`, `signedAppTransactionInfo`). Packed, the
/// header is kept once (`signing_headers`, keyed by its SHA-256) and the payload is kept
/// decoded, each copy of the header inside it replaced by the byte 0x01: Apple's
/// notifications shrink from 18.7 KB to 1.9 KB on average.
///
/// It is packed from the parts the verifier split and decoded (``SignedPayloadParts``), and
/// unpacking gives back exactly the text that was signed: the verifier's decoding is strict,
/// so the payload's base64url is its segment again. A decoded payload that is not UTF-8 text
/// free of the bytes 0x00 and 0x01 would not come back byte for byte: it is not packed, and
/// is stored as it came.
package struct PackedPayload: Sendable, Equatable {
    /// The JWS header's bytes, as they came (base64url).
    package let header: [UInt8]
    /// Lowercase hex SHA-256 of `header`: its key in `signing_headers`.
    package let headerDigest: String
    /// The decoded payload, each copy of `header` replaced by ``headerMark``: UTF-8 text.
    package let body: [UInt8]
    /// The JWS signature part's bytes, as they came.
    package let signature: [UInt8]

    static let headerMark: UInt8 = 0x01

    /// Nil when the payload cannot be packed and must be stored as it came.
    package init?(_ parts: SignedPayloadParts) {
        guard !parts.header.isEmpty, parts.headerDigest.count == 32,
            !parts.payload.contains(where: { $0 == 0 || $0 == Self.headerMark })
        else { return nil }
        let packed = Self.replacing(parts.header, with: Self.headerMark, in: parts.payload)
        // Valid here means valid before: the marks stand in for whole UTF-8 sequences.
        do {
            _ = try UTF8Span(validating: packed.span)
        } catch {
            return nil
        }
        header = parts.header
        headerDigest = Self.hex(parts.headerDigest)
        body = packed
        signature = parts.signature
    }

    /// The signed payload exactly as it was packed.
    package var signedPayload: String {
        Self.unpack(header: header, body: body, signature: signature)
    }

    /// The signed payload from the stored parts.
    package static func unpack(header: [UInt8], body: [UInt8], signature: [UInt8]) -> String {
        let payload = expanding(headerMark, into: header, in: body)
        let dot = UInt8(ascii: ".")
        return String(decoding: header + [dot] + base64URL(payload) + [dot] + signature, as: UTF8.self)
    }

    private static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var hex: [UInt8] = []
        hex.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            hex.append(digits[Int(byte >> 4)])
            hex.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: hex, as: UTF8.self)
    }

    /// `bytes` with every occurrence of `pattern`, left to right, replaced by `mark`.
    private static func replacing(_ pattern: [UInt8], with mark: UInt8, in bytes: [UInt8]) -> [UInt8] {
        guard let first = pattern.first, bytes.count >= pattern.count else { return bytes }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var copied = 0
        var index = 0
        let last = bytes.count - pattern.count
        while index <= last {
            if bytes[index] == first, bytes[index..<(index + pattern.count)].elementsEqual(pattern) {
                output.append(contentsOf: bytes[copied..<index])
                output.append(mark)
                index += pattern.count
                copied = index
            } else {
                index += 1
            }
        }
        output.append(contentsOf: bytes[copied...])
        return output
    }

    /// `bytes` with every `mark` replaced by `replacement`.
    private static func expanding(_ mark: UInt8, into replacement: [UInt8], in bytes: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + replacement.count * 4)
        for byte in bytes {
            if byte == mark { output.append(contentsOf: replacement) } else { output.append(byte) }
        }
        return output
    }

    /// Base64url without padding, as JWS segments are written.
    private static func base64URL(_ bytes: [UInt8]) -> [UInt8] {
        let symbols = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
        var output: [UInt8] = []
        output.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index < bytes.count {
            let rest = min(3, bytes.count - index)
            var word = UInt32(bytes[index]) << 16
            if rest > 1 { word |= UInt32(bytes[index + 1]) << 8 }
            if rest > 2 { word |= UInt32(bytes[index + 2]) }
            for shift in stride(from: 18, through: 18 - 6 * rest, by: -6) {
                output.append(symbols[Int(word >> UInt32(shift) & 63)])
            }
            index += 3
        }
        return output
    }
}
