internal import AppStoreSignedData
import Foundation
import Synchronization

/// A signed payload in the form the ledger stores it.
///
/// The header of Apple's JWS carries the signing certificate chain: 4.4 KB of base64 that
/// is the same in every notification and again in every JWS nested in the payload
/// (`signedTransactionInfo`, `signedRenewalInfo`, `signedAppTransactionInfo`). Packed, the
/// header is kept once (`signing_headers`, keyed by its SHA-256) and the payload is kept
/// decoded, each copy of the header inside it replaced by the byte 0x01: Apple's
/// notifications shrink from 18.7 KB to 1.9 KB on average.
///
/// Unpacking gives back exactly the text that was signed. A payload that would not come
/// back byte for byte is not packed and is stored as it came: not three parts, a payload
/// part that is not canonical base64url, or a decoded payload that is not UTF-8 text free
/// of the bytes 0x00 and 0x01.
package struct PackedPayload: Sendable, Equatable {
    /// The JWS header, as it came (base64url).
    package let header: String
    /// Lowercase hex SHA-256 of `header`: its key in `signing_headers`.
    package let headerDigest: String
    /// The decoded payload, each copy of `header` replaced by ``headerMark``.
    package let body: String
    /// The JWS signature part, as it came.
    package let signature: String

    static let headerMark: UInt8 = 0x01

    /// Nil when `signedPayload` cannot be packed and must be stored as it is.
    package init?(_ signedPayload: String) {
        var text = signedPayload
        guard let packed = text.withUTF8(Self.pack) else { return nil }
        self = packed
    }

    private init(header: String, headerDigest: String, body: String, signature: String) {
        self.header = header
        self.headerDigest = headerDigest
        self.body = body
        self.signature = signature
    }

    private static func pack(_ bytes: UnsafeBufferPointer<UInt8>) -> PackedPayload? {
        let (firstDot, secondDot, moreDots) = CompactJWS.dots(in: bytes)
        guard firstDot > 0, secondDot > firstDot, !moreDots else { return nil }
        let header = UnsafeBufferPointer(rebasing: bytes[..<firstDot])
        // Strict decoding: one text per byte string, so encoding gives the same text back.
        guard
            let payload = Base64.decode(
                UnsafeBufferPointer(rebasing: bytes[(firstDot + 1)..<secondDot]), alphabet: .url),
            let packed = payload.withUnsafeBufferPointer({ payload -> [UInt8]? in
                guard let start = payload.baseAddress else { return [] }
                guard memchr(start, 0, payload.count) == nil, memchr(start, Int32(headerMark), payload.count) == nil
                else { return nil }
                return replacing(header, with: headerMark, in: payload)
            }),
            // Valid here means valid before: the marks stand in for whole UTF-8 sequences.
            let body = String(validating: packed, as: UTF8.self)
        else { return nil }
        return PackedPayload(
            header: String(decoding: header, as: UTF8.self), headerDigest: digest(of: header),
            body: body,
            signature: String(decoding: UnsafeBufferPointer(rebasing: bytes[(secondDot + 1)...]), as: UTF8.self))
    }

    /// The signed payload exactly as it was packed.
    package var signedPayload: String {
        Self.unpack(header: header, body: body, signature: signature)
    }

    /// The signed payload from the stored parts.
    package static func unpack(header: String, body: String, signature: String) -> String {
        let payload = expanding(headerMark, into: Array(header.utf8), in: Array(body.utf8))
        return header + "." + Base64.encode(payload, alphabet: .url) + "." + signature
    }

    /// The last header's digest: one signing chain signs nearly every payload.
    private static let lastDigest = Mutex<(header: [UInt8], digest: String)?>(nil)

    /// Lowercase hex SHA-256 of `header`.
    private static func digest(of header: UnsafeBufferPointer<UInt8>) -> String {
        if let last = lastDigest.withLock({ $0 }), last.header.count == header.count,
            memcmp(last.header, header.baseAddress!, header.count) == 0
        {
            return last.digest
        }
        let digits = Array("0123456789abcdef".utf8)
        var hex: [UInt8] = []
        hex.reserveCapacity(64)
        for byte in SHA256Digest.hash(UnsafeRawBufferPointer(header)) {
            hex.append(digits[Int(byte >> 4)])
            hex.append(digits[Int(byte & 0x0F)])
        }
        let digest = String(decoding: hex, as: UTF8.self)
        lastDigest.withLock { $0 = (Array(header), digest) }
        return digest
    }

    /// `bytes` with every occurrence of `pattern`, left to right, replaced by `mark`.
    private static func replacing(
        _ pattern: UnsafeBufferPointer<UInt8>, with mark: UInt8, in bytes: UnsafeBufferPointer<UInt8>
    ) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        guard let first = pattern.first else { return Array(bytes) }
        var rest = bytes
        var searchFrom = 0
        while rest.count - searchFrom >= pattern.count,
            let found = memchr(
                rest.baseAddress! + searchFrom, Int32(first), rest.count - searchFrom - pattern.count + 1)
        {
            let offset = found.assumingMemoryBound(to: UInt8.self) - UnsafeMutablePointer(mutating: rest.baseAddress!)
            guard memcmp(found, pattern.baseAddress!, pattern.count) == 0 else {
                searchFrom = offset + 1
                continue
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: rest[..<offset]))
            output.append(mark)
            rest = UnsafeBufferPointer(rebasing: rest[(offset + pattern.count)...])
            searchFrom = 0
        }
        output.append(contentsOf: rest)
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
}
