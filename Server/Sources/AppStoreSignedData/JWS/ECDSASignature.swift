/// Converts JWS's raw ES256 signature (`R || S`, 32 bytes each) to the DER `ECDSA-Sig-Value`
/// OpenSSL verifies, and back. Shared with the App Store Server API client, which signs its
/// tokens with ES256.
package enum ECDSASignature {
    package static func der(fromRaw raw: [UInt8]) -> [UInt8] {
        precondition(raw.count == 64)
        let r = integer(raw[0..<32])
        let s = integer(raw[32..<64])
        let body = r + s
        // At most 2 × 35 bytes: the short length form always fits.
        return [0x30, UInt8(body.count)] + body
    }

    /// DER INTEGER of an unsigned big-endian value: minimal, with a 0 byte when the top bit is set.
    private static func integer(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        var value = bytes.drop { $0 == 0 }
        if value.isEmpty { value = [0] }
        var out: [UInt8] = [0x02]
        if value.first! & 0x80 != 0 {
            out.append(UInt8(value.count + 1))
            out.append(0)
        } else {
            out.append(UInt8(value.count))
        }
        out.append(contentsOf: value)
        return out
    }

    /// Raw `R || S` from a DER signature; nil unless it is strict DER: a SEQUENCE of exactly
    /// two minimal, non-negative INTEGERs of at most 32 bytes each, and nothing after it. BER
    /// leniency (long lengths, padding, trailing bytes) would let one signature take many forms.
    package static func raw(fromDER der: [UInt8]) -> [UInt8]? {
        // Two INTEGERs of at most 33 bytes: the body is at most 70 bytes, so its length is short.
        guard der.count >= 2, der[0] == 0x30, der[1] < 0x80, Int(der[1]) == der.count - 2 else { return nil }
        var index = 2
        func integer() -> [UInt8]? {
            guard index + 2 <= der.count, der[index] == 0x02 else { return nil }
            let length = Int(der[index + 1])
            index += 2
            guard length >= 1, length <= 33, index + length <= der.count else { return nil }
            let value = der[index..<index + length]
            index += length
            let first = value[value.startIndex]
            guard first & 0x80 == 0 else { return nil }  // negative
            if first == 0 && length > 1 {
                // A leading zero only in front of a byte with its top bit set.
                guard value[value.startIndex + 1] & 0x80 != 0 else { return nil }
            }
            let magnitude = first == 0 ? value.dropFirst() : value
            guard magnitude.count <= 32 else { return nil }
            return [UInt8](repeating: 0, count: 32 - magnitude.count) + magnitude
        }
        guard let r = integer(), let s = integer(), index == der.count else { return nil }
        return r + s
    }
}
