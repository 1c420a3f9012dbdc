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

    /// Raw `R || S` from a DER signature; nil when it is not the expected shape.
    package static func raw(fromDER der: [UInt8]) -> [UInt8]? {
        var index = 0
        func read(_ tag: UInt8) -> ArraySlice<UInt8>? {
            guard index + 2 <= der.count, der[index] == tag else { return nil }
            var length = Int(der[index + 1])
            index += 2
            if length == 0x81 {
                guard index < der.count else { return nil }
                length = Int(der[index])
                index += 1
            } else if length > 0x80 {
                return nil
            }
            guard index + length <= der.count else { return nil }
            defer { index += length }
            return der[index..<index + length]
        }
        guard read(0x30) != nil else { return nil }
        index = der[1] == 0x81 ? 3 : 2
        guard let r = read(0x02), let s = read(0x02) else { return nil }
        func pad(_ value: ArraySlice<UInt8>) -> [UInt8]? {
            let trimmed = value.drop { $0 == 0 }
            guard trimmed.count <= 32 else { return nil }
            return [UInt8](repeating: 0, count: 32 - trimmed.count) + trimmed
        }
        guard let rr = pad(r), let ss = pad(s) else { return nil }
        return rr + ss
    }
}
